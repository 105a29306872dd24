// cuda-coalesce-lint's GPU runtime for --verify=gpu: the instrumented kernels
// run on the device; ccl::acc appends (launch, site, block, thread, n-th
// execution, address) to a device buffer that the generated main copies back
// and writes in the same text format as the CPU runtime. Built by nvcc with
// -lineinfo so that Nsight Compute can attribute counters to source lines.
#ifndef CCL_GPU_RUNTIME_CUH
#define CCL_GPU_RUNTIME_CUH
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <vector>

namespace ccl {
struct Event {
  uint32_t launch, site, block, thread, instance;
  uint64_t addr;
};
__device__ Event *events;
__device__ unsigned long long event_count;
__device__ unsigned long long event_capacity;
__device__ uint32_t *instance_counts; // [block][thread][site]
__device__ uint32_t current_launch;
__device__ uint32_t num_sites;

template <typename T> __device__ T *acc(uint32_t site, T *p) {
  uint32_t block = blockIdx.x + blockIdx.y * gridDim.x +
                   blockIdx.z * gridDim.x * gridDim.y;
  uint32_t threads = blockDim.x * blockDim.y * blockDim.z;
  uint32_t thread = threadIdx.x + threadIdx.y * blockDim.x +
                    threadIdx.z * blockDim.x * blockDim.y;
  uint32_t &count =
      instance_counts[((uint64_t)block * threads + thread) * num_sites + site];
  uint32_t inst = count++;
  unsigned long long slot = atomicAdd(&event_count, 1ull);
  if (slot < event_capacity)
    events[slot] = {current_launch, site, block, thread, inst,
                    (uint64_t)(uintptr_t)p};
  return p;
}

inline void check(cudaError_t e, const char *what) {
  if (e != cudaSuccess) {
    fprintf(stderr, "cuda-coalesce-lint gpu runtime: %s: %s\n", what,
            cudaGetErrorString(e));
    exit(4);
  }
}

struct Host {
  std::vector<void *> arenas;
  Event *d_events = nullptr;
  unsigned long long capacity = 1ull << 24;
  std::vector<Event> all;

  void *arena(size_t index, size_t bytes = size_t(64) << 20) {
    while (arenas.size() <= index) {
      void *p;
      check(cudaMalloc(&p, bytes), "cudaMalloc");
      check(cudaMemset(p, 0, bytes), "cudaMemset");
      arenas.push_back(p);
    }
    return arenas[index];
  }
  void begin(uint32_t launch, uint32_t sites, unsigned blocks, unsigned threads) {
    if (!d_events) {
      check(cudaMalloc(&d_events, capacity * sizeof(Event)), "cudaMalloc events");
      check(cudaMemcpyToSymbol(events, &d_events, sizeof(d_events)), "events");
      check(cudaMemcpyToSymbol(event_capacity, &capacity, sizeof(capacity)), "capacity");
    }
    unsigned long long zero = 0;
    check(cudaMemcpyToSymbol(event_count, &zero, sizeof(zero)), "count");
    check(cudaMemcpyToSymbol(current_launch, &launch, sizeof(launch)), "launch");
    check(cudaMemcpyToSymbol(num_sites, &sites, sizeof(sites)), "sites");
    uint32_t *counts;
    size_t n = (size_t)blocks * threads * (sites ? sites : 1);
    check(cudaMalloc(&counts, n * sizeof(uint32_t)), "cudaMalloc counts");
    check(cudaMemset(counts, 0, n * sizeof(uint32_t)), "cudaMemset counts");
    check(cudaMemcpyToSymbol(instance_counts, &counts, sizeof(counts)), "counts");
  }
  void end() {
    check(cudaGetLastError(), "launch");
    check(cudaDeviceSynchronize(), "kernel");
    unsigned long long n;
    check(cudaMemcpyFromSymbol(&n, event_count, sizeof(n)), "count");
    if (n > capacity) n = capacity;
    size_t base = all.size();
    all.resize(base + n);
    check(cudaMemcpy(all.data() + base, d_events, n * sizeof(Event),
                     cudaMemcpyDeviceToHost), "events");
  }
  void write(const char *path) {
    FILE *f = fopen(path, "w");
    if (!f) { perror(path); exit(3); }
    for (const Event &e : all)
      fprintf(f, "%u %u %u %u %u %llu 0\n", e.launch, e.site, e.block, e.thread,
              e.instance, (unsigned long long)e.addr);
    fclose(f);
  }
};
} // namespace ccl
#endif
