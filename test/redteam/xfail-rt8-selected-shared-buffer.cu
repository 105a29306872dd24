// Known tool bug RT-8 (/work/coord/redteam-bugs.md): a pointer that picks
// one of two __shared__ buffers by a warp-uniform condition the analysis
// cannot decide (ping-pong staging over a run-time number of k-tiles) gives
// records in the *global* space with the reason "conditional lvalue": the
// bank conflicts of the staged store (2-way here) are never looked at and
// the record claims a global access. Expected: shared records (both
// buffers have the same layout, so the numbers are even known). Remove the
// XFAIL line when fixed.
// (Fixed: the XFAIL line was removed when the tool was fixed.)
// RUN: %lint %s --format=json --report=all > %t.json
// RUN: %python %S/../../utils/redteam/check.py %s %t.json

__global__ void pingpong(const float* A, float* out, int ktiles) {
  __shared__ float bufA[512], bufB[512];
  float acc = 0;
  for (int kt = 0; kt < ktiles; ++kt) {
    float* cur = (kt & 1) ? bufB : bufA;
    cur[threadIdx.x * 2] = A[kt * 256 + threadIdx.x];
//@rt shared store cur B=4 addr=4*(tx*2)
//@rt global load A B=4 addr=4*(kt*256+tx) sym.kt=range(0,3)
    __syncthreads();
    acc += cur[threadIdx.x];
//@rt shared load cur B=4 addr=4*tx
    __syncthreads();
  }
  out[blockIdx.x * 256 + threadIdx.x] = acc;
//@rt global store out B=4 addr=4*(bx*256+tx)
}
//@rt-kernel pingpong block=256

int main() { pingpong<<<8, 256>>>(0, 0, 16); }
