Vqq_serve1__ALL.o: Vqq_serve1__ALL.cpp Vqq_serve1.cpp Vqq_serve1.h \
 /usr/share/verilator/include/verilated.h \
 /usr/share/verilator/include/verilatedos.h \
 /usr/share/verilator/include/verilated_config.h \
 /usr/share/verilator/include/verilated_types.h \
 /usr/share/verilator/include/verilated_funcs.h Vqq_serve1__Syms.h \
 Vqq_serve1___024root.h Vqq_serve1___024root__DepSet_hb03858f4__0.cpp \
 Vqq_serve1___024root__DepSet_hed344224__0.cpp \
 Vqq_serve1___024root__Slow.cpp \
 Vqq_serve1___024root__DepSet_hb03858f4__0__Slow.cpp \
 Vqq_serve1___024root__DepSet_hed344224__0__Slow.cpp Vqq_serve1__Syms.cpp
