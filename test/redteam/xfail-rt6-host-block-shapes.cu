// Known tool bug RT-6 (/work/coord/redteam-bugs.md): block shapes that host
// code builds are lost: a dim3 set field by field (b.x = 8; b.y = 32)
// gives 1x1x1 and exact records; a launch through a helper taking a dim3
// gives an assumed 256x1x1 and stays exact, and so does a launch whose
// block is a member of a configuration struct or a size picked at run time. The checker fails on the block shapes. Remove
// the XFAIL line when fixed.
// (Fixed: the XFAIL line was removed when the tool was fixed.)
// RUN: %lint %s --format=json --report=all > %t.json
// RUN: %python %S/../../utils/redteam/check.py %s %t.json

// A 2-D tile kernel whose block is built field by field.
__global__ void tile_rows(const float* in, float* out) {
  int x = threadIdx.x, y = threadIdx.y;
  out[y * 8 + x] = in[x * 32 + y];
//@rt global store out B=4 addr=4*(ty*8+tx)
//@rt global load in B=4 addr=4*(tx*32+ty)
}
//@rt-kernel tile_rows block=8,32

// A launch through a helper that takes the block as a dim3.
__global__ void helper_launched(float* out) {
  out[threadIdx.y * 16 + threadIdx.x] = 1.0f;
//@rt global store out B=4 addr=4*(ty*16+tx)
}
//@rt-kernel helper_launched block=16,16
void launch_with(dim3 grid, dim3 block) { helper_launched<<<grid, block>>>(0); }

// A launch configuration kept in a struct (grid and block members).
struct LaunchCfg { dim3 grid, block; };
__global__ void cfg_launched(float* out) {
  out[threadIdx.y * 64 + threadIdx.x] = 1.0f;
//@rt global store out B=4 addr=4*(ty*64+tx)
}
//@rt-kernel cfg_launched block=16,16

// The block size picked at run time (PyTorch-style: more threads for big
// inputs): both shapes are possible, the stride depends on which.
__global__ void size_picked(float* out) {
  out[threadIdx.x * (blockDim.x / 32)] = 1.0f;
//@rt global store out B=4 addr=4*tx*(bdx//32)
}
//@rt-kernel size_picked block=128 block=256
void launch_sized(int n) {
  int threads = 128;
  if (n > 1000)
    threads = 256;
  size_picked<<<4, threads>>>(0);
}

int main(int argc, char **) {
  launch_sized(argc);
  LaunchCfg cfg{dim3(4), dim3(16, 16)};
  cfg_launched<<<cfg.grid, cfg.block>>>(0);
  dim3 b;
  b.x = 8;
  b.y = 32;
  tile_rows<<<1, b>>>(0, 0);
  launch_with(dim3(4), dim3(16, 16));
}
