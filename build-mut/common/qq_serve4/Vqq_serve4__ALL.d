Vqq_serve4__ALL.o: Vqq_serve4__ALL.cpp Vqq_serve4.cpp Vqq_serve4.h \
 /usr/share/verilator/include/verilated.h \
 /usr/share/verilator/include/verilatedos.h \
 /usr/share/verilator/include/verilated_config.h \
 /usr/share/verilator/include/verilated_types.h \
 /usr/share/verilator/include/verilated_funcs.h Vqq_serve4__Syms.h \
 Vqq_serve4___024root.h Vqq_serve4___024root__DepSet_h68b0dd04__0.cpp \
 Vqq_serve4___024root__DepSet_h0fefff3c__0.cpp \
 Vqq_serve4___024root__Slow.cpp \
 Vqq_serve4___024root__DepSet_h68b0dd04__0__Slow.cpp \
 Vqq_serve4___024root__DepSet_h0fefff3c__0__Slow.cpp Vqq_serve4__Syms.cpp
