// Lanes that a condition on data chooses (`if (mask[tid])`, a value read
// per lane from memory): any subset of them may run, down to one lane, so
// the cost of all of them running is a worst case, never certain (Rodinia
// bfs, where GPUDrano measured the Node reads under g_graph_mask as one
// line per request). A bound (`tid < n`) and a uniform condition do not
// make a finding possible: whole requests of the full cost exist.
// RUN: %lint %s --block-dim=256 --every-site | FileCheck %s --check-prefix=DEFAULT --implicit-check-not=warning:
// RUN: %lint %s --block-dim=256 --every-site --report=possible | FileCheck %s --implicit-check-not=warning:
struct Node { int starting; int no_of_edges; };

__global__ void masked(const Node *nodes, const bool *mask, int *out, int n) {
  int tid = blockIdx.x * 256 + threadIdx.x;
  if (tid < n && mask[tid])
    out[tid] = nodes[tid].starting;
  // CHECK: :[[@LINE-1]]:16: warning: global load 'nodes[tid].starting' touches 8 sectors per warp request (ideal 4, 50.0% efficiency): lane k reads byte 8*k; worst case over blockIdx.x, n; which lanes run depends on 'mask[tid]', read per lane (possible: data decides which lanes run; this is the cost when all of them do)
}

__global__ void flag_variable(const float *v, float *out) {
  bool go = v[threadIdx.x] > 0.5f;
  if (go)
    out[threadIdx.x * 32] = 1.0f;
  // CHECK: :[[@LINE-1]]:5: warning: global store 'out[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k writes byte 128*k; worst case: which lanes run depends on 'v[threadIdx.x]', read per lane (possible: data decides which lanes run; this is the cost when all of them do)
}

__global__ void shared_masked(const int *mask, float *out) {
  __shared__ float s[256 * 32];
  if (mask[threadIdx.x])
    s[threadIdx.x * 32] = 1.0f;
  // CHECK: :[[@LINE-1]]:5: warning: shared store 's[...]' has a 32-way bank conflict{{.*}}which lanes run depends on 'mask[threadIdx.x]', read per lane (possible: data decides which lanes run; this is the cost when all of them do)
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

// The first 16 lanes run whatever the data says: their requests alone cost
// 16 sectors for an ideal 2, certain.
__global__ void half_certain(const bool *mask, float *out) {
  if (threadIdx.x % 32 < 16 || mask[threadIdx.x])
    out[threadIdx.x * 32] = 1.0f;
  // CHECK: :[[@LINE-1]]:5: warning: global store 'out[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k writes byte 128*k; worst case: which lanes run depends on 'mask[threadIdx.x]', read per lane [cuda-uncoalesced-global]
  // DEFAULT: :[[@LINE-2]]:5: warning: global store 'out[...]' touches 32 sectors
}

// A bound and a uniform condition read from memory: certain.
__global__ void bounded(const int *flags, float *out, int n) {
  int tid = blockIdx.x * 256 + threadIdx.x;
  if (tid < n && flags[blockIdx.x])
    out[tid * 32] = 1.0f;
  // CHECK: :[[@LINE-1]]:5: warning: global store 'out[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k writes byte 128*k; worst case over blockIdx.x, flags[blockIdx.x], n [cuda-uncoalesced-global]
  // DEFAULT: :[[@LINE-2]]:5: warning: global store 'out[...]' touches 32 sectors
}

// Conditions on values every lane shares (a float parameter, a float read
// at one address) send the whole warp one way: certain (Rodinia myocyte's
// `if (h <= 0.0) return;`).
__global__ void uniform_float(const float *params, float *out, float h) {
  if (h <= 0.0f || params[0] > 1.0f)
    return;
  out[threadIdx.x * 32] = 1.0f;
  // CHECK: :[[@LINE-1]]:3: warning: global store 'out[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k writes byte 128*k; worst case [cuda-uncoalesced-global]
  // DEFAULT: :[[@LINE-2]]:3: warning: global store 'out[...]' touches 32 sectors
}

// After a branch whose arms return, break and continue nowhere, every lane
// goes on: the accesses there are exact, whatever the condition was.
__global__ void after_join(const float *v, float *a, float *b, int n) {
  int tid = threadIdx.x;
  float x;
  if (v[tid] > 0.5f)
    x = 1.0f;
  else
    x = 2.0f;
  b[tid * 32] = x;
  // CHECK: :[[@LINE-1]]:3: warning: global store 'b[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k writes byte 128*k [cuda-uncoalesced-global]
  // DEFAULT: :[[@LINE-2]]:3: warning: global store 'b[...]' touches 32 sectors
  if (tid < n)
    a[tid] = 1;
  b[tid * 64] = x;
  // CHECK: :[[@LINE-1]]:3: warning: global store 'b[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k writes byte 256*k [cuda-uncoalesced-global]
  // DEFAULT: :[[@LINE-2]]:3: warning: global store 'b[...]' touches 32 sectors
}
