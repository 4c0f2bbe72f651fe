// SPDX-License-Identifier: MIT
// Helpers for every Verilator harness (tb/ and sim/): moving byte arrays in
// and out of Verilated ports of any width.
#ifndef VTB_H
#define VTB_H

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "verilated.h"

// bytes[0] goes to bits 7:0 (lane 0); n bytes, the rest zero
template <std::size_t N>
static inline void vtb_put(VlWide<N> &sig, const uint8_t *bytes, unsigned n)
{
	for (std::size_t w = 0; w < N; w++) {
		uint32_t v = 0;
		for (unsigned b = 0; b < 4; b++) {
			unsigned i = (unsigned)w * 4 + b;
			if (i < n)
				v |= (uint32_t)bytes[i] << (8 * b);
		}
		sig[w] = v;
	}
}

// byte i (lane i) of a wide port
template <std::size_t N>
static inline uint8_t vtb_byte(const VlWide<N> &sig, unsigned i)
{
	return (uint8_t)(sig[i / 4] >> (8 * (i % 4)));
}

template <typename T, typename = typename std::enable_if<std::is_integral<T>::value>::type>
static inline void vtb_put(T &sig, const uint8_t *bytes, unsigned n)
{
	uint64_t v = 0;
	for (unsigned i = 0; i < sizeof(T) && i < n; i++)
		v |= (uint64_t)bytes[i] << (8 * i);
	sig = (T)v;
}

template <std::size_t N>
static inline void vtb_get(const VlWide<N> &sig, uint8_t *bytes, unsigned n)
{
	for (unsigned i = 0; i < n && i < 4 * N; i++)
		bytes[i] = (uint8_t)(sig[i / 4] >> (8 * (i % 4)));
}

template <typename T, typename = typename std::enable_if<std::is_integral<T>::value>::type>
static inline void vtb_get(const T &sig, uint8_t *bytes, unsigned n)
{
	for (unsigned i = 0; i < n && i < sizeof(T); i++)
		bytes[i] = (uint8_t)((uint64_t)sig >> (8 * i));
}

// a contiguous keep mask of n lanes from lane 0
template <std::size_t N>
static inline void vtb_keep(VlWide<N> &sig, unsigned n)
{
	for (std::size_t w = 0; w < N; w++) {
		unsigned lo = (unsigned)w * 32;
		sig[w] = n >= lo + 32 ? 0xffffffffu : n > lo ? (1u << (n - lo)) - 1 : 0;
	}
}

template <typename T, typename = typename std::enable_if<std::is_integral<T>::value>::type>
static inline void vtb_keep(T &sig, unsigned n)
{
	sig = (T)(n >= 64 ? ~0ull : (1ull << n) - 1);
}

// number of lanes a keep mask has set, and whether they are contiguous from 0
template <std::size_t N>
static inline unsigned vtb_keep_count(const VlWide<N> &sig, bool *contig)
{
	unsigned n = 0;
	bool gap = false, ok = true;
	for (unsigned i = 0; i < 32 * N; i++) {
		bool b = (sig[i / 32] >> (i % 32)) & 1;
		if (b) {
			if (gap)
				ok = false;
			n++;
		} else {
			gap = true;
		}
	}
	*contig = ok;
	return n;
}

template <typename T, typename = typename std::enable_if<std::is_integral<T>::value>::type>
static inline unsigned vtb_keep_count(const T &sig, bool *contig)
{
	uint64_t v = (uint64_t)sig;
	unsigned n = 0, ones = 0;
	while (n < 8 * sizeof(T) && ((v >> n) & 1))
		n++;
	for (unsigned i = 0; i < 8 * sizeof(T); i++)
		ones += (v >> i) & 1;
	*contig = ones == n;
	return ones;
}

#endif
