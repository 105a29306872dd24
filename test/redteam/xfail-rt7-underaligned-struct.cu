// Known tool bug RT-7 (/work/coord/redteam-bugs.md): a struct whose size is
// 8 or 16 bytes but whose alignment is only 4 (four floats, a float and an
// int: no __align__) cannot be moved by one 8- or 16-byte instruction; the
// compiler emits one 4-byte request per field ("Size and Alignment
// Requirement", CUDA C++ Programming Guide), each touching the whole span
// of the warp: 16 sectors for 4 ideal (Particle), 8 for 4 (Pair). The tool
// costs one 16-byte (8-byte) request at 100% and calls it exact. Remove the
// XFAIL line when fixed.
// (Fixed: the XFAIL line was removed when the tool was fixed.)
// RUN: %lint %s --format=json --report=all > %t.json
// RUN: %python %S/../../utils/redteam/check.py %s %t.json

// Array-of-structs particles (position and mass), integrated in place.
struct Particle { float x, y, z, m; };
__global__ void integrate(Particle* p, const float* dt) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  Particle q = p[i];
//@rt global load p B=16 align=4 addr=16*(bx*bdx+tx)
  q.x += dt[0] * q.m;
//@rt global load dt B=4 addr=0
  p[i] = q;
//@rt global store p B=16 align=4 addr=16*(bx*bdx+tx)
}
//@rt-kernel integrate block=128

// (value, index) pairs written by a top-k kernel.
struct Pair { float v; int i; };
__global__ void write_pairs(const float* vals, Pair* out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  Pair r;
  r.v = vals[t];
//@rt global load vals B=4 addr=4*(bx*bdx+tx)
  r.i = t;
  out[t] = r;
//@rt global store out B=8 align=4 addr=8*(bx*bdx+tx)
}
//@rt-kernel write_pairs block=256

int main() {
  integrate<<<8, 128>>>(0, 0);
  write_pairs<<<8, 256>>>(0, 0);
}
