# SPDX-License-Identifier: MIT
#
# Bitstream (make bit): fpga.bit from the routed design, and fpga.mcs, the
# image for the card's configuration flash (SPI x4, 1 Gbit; written with
# Vivado's hardware manager, not by make program). The image is placed at
# 0x01002000, where the card's MultiBoot layout keeps the user image behind
# its golden image: check that offset against the card's documentation
# before writing the flash (a wrong one can leave the card without an image).

open_checkpoint fpga_routed.dcp
write_bitstream -force fpga.bit
write_cfgmem -force -format mcs -size 128 -interface SPIx4 \
    -loadbit "up 0x01002000 fpga.bit" fpga.mcs
