enum class Kind { kAuto, kFp8 };
template <Kind K, bool B>
__global__ void ek(float *p) { p[threadIdx.x * (K == Kind::kAuto ? 1 : 32) + B] = 0; }
