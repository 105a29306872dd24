// An access whose excess sectors the warp uses in nearby accesses to the
// same object (the other field of one struct element, the other half of a
// double4, the next floats of an unrolled loop) moves, request by request,
// what Nsight Compute counts: it is a certain finding by default, with a
// note that together the pieces move each sector once (NVIDIA's
// addConstDouble3 report: 3x the L1 sectors of addConstDouble, the same DRAM
// bytes and time). PiecesTogether=1 makes such an access only "possible".
// Spans longer than 64 bytes per lane (a lane walking a row) and groups that
// still waste sectors stay certain either way.
// RUN: %lint --compiler=none %s --block-dim=32 --check-option=cuda-uncoalesced-global.PiecesTogether=1 | FileCheck %s --check-prefix=DEFAULT --implicit-check-not=warning:
// RUN: %lint --compiler=none %s --block-dim=32 --check-option=cuda-uncoalesced-global.PiecesTogether=1 --report=possible --every-site | FileCheck %s --check-prefix=POSSIBLE --implicit-check-not=warning:
// RUN: %lint --compiler=none %s --block-dim=32 --every-site | FileCheck %s --check-prefix=ALONE --implicit-check-not=warning:
// RUN: %lint --compiler=none %s --block-dim=32 --check-option=cuda-uncoalesced-global.PiecesTogether=1 --format=json --report=possible | FileCheck %s --check-prefix=JSON
struct LatLng { float lat, lng; };
struct Quad { float a, b, c, d; };
struct alignas(32) D4 { double x, y, z, w; };

// Stride 8 bytes, 4 per lane: 8 sectors for an ideal 4 each; .lat and .lng
// together are 8 bytes per lane, 256 bytes: 8 sectors for an ideal 8.
__global__ void latlng(const LatLng* p, float* out) {
  int t = threadIdx.x;
  out[t] = p[t].lat * p[t].lng;
  // POSSIBLE: :[[@LINE-1]]:12: warning: global load 'p[t].lat' touches 8 sectors per warp request (ideal 4, 50.0% efficiency): lane k reads byte 8*k (possible: together with the access at [[@LINE-1]]:23, 8 bytes per lane, the warp moves 8 sectors for an ideal 8; the excess stays in L1 and L2) [cuda-uncoalesced-global]
  // POSSIBLE: :[[@LINE-2]]:23: warning: global load 'p[t].lng' touches 8 sectors per warp request (ideal 4, 50.0% efficiency): lane k reads byte 8*k (possible: together with the access at [[@LINE-2]]:12, 8 bytes per lane, the warp moves 8 sectors for an ideal 8; the excess stays in L1 and L2) [cuda-uncoalesced-global]
  // ALONE: :[[@LINE-3]]:12: warning: global load 'p[t].lat' touches 8 sectors per warp request (ideal 4, 50.0% efficiency): lane k reads byte 8*k [cuda-uncoalesced-global]
  // ALONE: :[[@LINE-4]]:12: note: together with the access at [[@LINE-4]]:23, 8 bytes per lane, the warp moves 8 sectors for an ideal 8; the excess of each request stays in L1 and L2 for the others: memory moves each byte once, the requests still cost the sectors above
  // ALONE: :[[@LINE-5]]:23: warning: global load 'p[t].lng' touches 8 sectors per warp request (ideal 4, 50.0% efficiency)
}

// Only one field of a 16-byte struct: 16 sectors for an ideal 4, nothing
// uses the rest.
__global__ void one_field(const Quad* p, float* out) {
  int t = threadIdx.x;
  out[t] = p[t].a;
  // DEFAULT: :[[@LINE-1]]:12: warning: global load 'p[t].a' touches 16 sectors per warp request (ideal 4, 25.0% efficiency): lane k reads byte 16*k [cuda-uncoalesced-global]
  // POSSIBLE: :[[@LINE-2]]:12: warning: global load 'p[t].a' touches 16 sectors per warp request (ideal 4, 25.0% efficiency): lane k reads byte 16*k [cuda-uncoalesced-global]
  // ALONE: :[[@LINE-3]]:12: warning: global load 'p[t].a' touches 16 sectors per warp request (ideal 4, 25.0% efficiency)
}

// .a and .b of a 16-byte element: together 8 of every 16 bytes, 16 sectors
// for an ideal 8: still wasteful, so certain, with a note saying so.
__global__ void two_of_four(const Quad* p, float* out) {
  int t = threadIdx.x;
  out[t] = p[t].a + p[t].b;
  // Both are one layout (same object and lane pattern): one warning.
  // DEFAULT: :[[@LINE-2]]:12: warning: global load 'p[t].a' touches 16 sectors per warp request (ideal 4, 25.0% efficiency): lane k reads byte 16*k [cuda-uncoalesced-global]
  // DEFAULT: :[[@LINE-3]]:12: note: together with the access at [[@LINE-3]]:21, 8 bytes per lane, the warp moves 16 sectors for an ideal 8
  // DEFAULT: :[[@LINE-4]]:12: note: 1 other site of kernel 'two_of_four' accesses 'p' with the same lane pattern (line [[@LINE-4]]; 16 sectors per request) and is not reported separately
  // POSSIBLE: :[[@LINE-5]]:12: warning: global load 'p[t].a'
  // POSSIBLE: :[[@LINE-6]]:21: warning: global load 'p[t].b'
  // ALONE: :[[@LINE-7]]:12: warning: global load 'p[t].a'
  // ALONE: :[[@LINE-8]]:21: warning: global load 'p[t].b'
}

// A 32-byte double4 is two 16-byte requests, each 32 sectors for an ideal
// 16; both halves: 32 sectors for an ideal 32.
__global__ void copy_d4(const D4* in, D4* out) {
  int t = threadIdx.x;
  out[t] = in[t];
  // POSSIBLE: :[[@LINE-1]]:3: warning: global store 'out[...]' touches 32 sectors per warp request (ideal 16, 50.0% efficiency): lane k writes byte 32*k (possible: together with its other pieces, 32 bytes per lane, the warp moves 32 sectors for an ideal 32; the excess stays in L1 and L2)
  // POSSIBLE: :[[@LINE-2]]:12: warning: global load 'in[...]' touches 32 sectors per warp request (ideal 16, 50.0% efficiency): lane k reads byte 32*k (possible: together with its other pieces, 32 bytes per lane, the warp moves 32 sectors for an ideal 32; the excess stays in L1 and L2)
  // ALONE: :[[@LINE-3]]:3: warning: global store 'out[...]'
  // ALONE: :[[@LINE-4]]:12: warning: global load 'in[...]'
}

// Four scalar stores per lane at a stride of 16 bytes (a float* the
// compiler cannot widen): 16 sectors for an ideal 4 each; the four
// iterations fill every byte.
__global__ void four_per_lane(float* probs) {
  int i = threadIdx.x;
  for (int k = 0; k < 4; ++k)
    probs[4 * i + k] = 0.f;
  // POSSIBLE: :[[@LINE-1]]:5: warning: global store 'probs[...]' touches 16 sectors per warp request (ideal 4, 25.0% efficiency): lane k writes byte 16*k (possible: together with its nearby iterations, 16 bytes per lane, the warp moves 16 sectors for an ideal 16; the excess stays in L1 and L2)
  // ALONE: :[[@LINE-2]]:5: warning: global store 'probs[...]' touches 16 sectors per warp request (ideal 4, 25.0% efficiency)
}

// One lane walks a 128-byte row: more than one element's span, certain.
__global__ void row_walk(const float* in, float* out) {
  int t = threadIdx.x;
  float s = 0;
  for (int j = 0; j < 32; ++j)
    s += in[t * 32 + j];
  // DEFAULT: :[[@LINE-1]]:10: warning: global load 'in[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k reads byte 128*k [cuda-uncoalesced-global]
  // POSSIBLE: :[[@LINE-2]]:10: warning: global load 'in[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k reads byte 128*k [cuda-uncoalesced-global]
  // ALONE: :[[@LINE-3]]:10: warning: global load 'in[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency)
  out[t] = s;
}
// JSON: "line": 22
// JSON: "certainty": "possible"
// JSON: "together": {
// JSON-NEXT: "bytes_per_lane": 8,
// JSON-NEXT: "ideal_sectors": 8,
// JSON-NEXT: "sectors": 8,
// JSON-NEXT: "with": [
// JSON-NEXT: "22:23"

// A 16-byte struct of four floats without __align__(16) is four 4-byte
// requests (cuda-samples alignedTypes); its own pieces do not excuse it:
// one aligned 16-byte access is the fix. Each request: 16 sectors, ideal 4.
struct Unaligned16 { float a, b, c, d; };
__global__ void unaligned_copy(const Unaligned16* in, Unaligned16* out) {
  int t = threadIdx.x;
  out[t] = in[t];
  // DEFAULT: :[[@LINE-1]]:3: warning: global store 'out[...]' touches 16 sectors per warp request (ideal 4, 25.0% efficiency): lane k writes byte 16*k [cuda-uncoalesced-global]
  // DEFAULT: :[[@LINE-2]]:12: warning: global load 'in[...]' touches 16 sectors per warp request (ideal 4, 25.0% efficiency): lane k reads byte 16*k [cuda-uncoalesced-global]
  // POSSIBLE: :[[@LINE-3]]:3: warning: global store 'out[...]' touches 16 sectors
  // POSSIBLE: :[[@LINE-4]]:12: warning: global load 'in[...]' touches 16 sectors
  // ALONE: :[[@LINE-5]]:3: warning: global store 'out[...]' touches 16 sectors
  // ALONE: :[[@LINE-6]]:12: warning: global load 'in[...]' touches 16 sectors
}
// The accesses as written (--compiler=none): the source-level analysis;
// test/compiler-view/ checks what the compiler makes of such accesses.
