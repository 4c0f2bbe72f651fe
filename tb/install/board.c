/* SPDX-License-Identifier: MIT */
/*
 * board: a program built against libhpnic alone (pkg-config hpnic), as on a
 * board, without the simulator. make test-install builds it out of the tree,
 * linked with the shared library and with the static one, and checks what
 * opening gives without a driver: -ENODEV, with details that name the device.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "hpnic.h"

static int expect(const char *name, int want, const char *detail)
{
	struct hpnic_dev *dev = NULL;
	int err = hpnic_open(name, &dev);

	if (err != want || dev || !strstr(hpnic_last_error(), detail)) {
		fprintf(stderr, "board: hpnic_open(\"%s\") = %d (%s), want %d with '%s'; detail: %s\n",
			name, err, hpnic_strerror(err), want, detail, hpnic_last_error());
		return 1;
	}
	printf("board: %s\n", hpnic_last_error());
	return 0;
}

int main(void)
{
	int bad = 0;

	bad |= expect("sim:0", -ENODEV, "sim:0: the sim backend is not linked");
	bad |= expect("kernel:/dev/hpnic0", -ENODEV, "kernel:/dev/hpnic0: ");
	return bad;
}
