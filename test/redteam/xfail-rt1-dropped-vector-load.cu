// Known tool bug RT-1 (/work/coord/redteam-bugs.md): a 16-byte load through
// *reinterpret_cast<const V*>(p) has no record at all when p's offset is not
// known (here: a token id read from memory, and idx / C with a symbolic idx).
// The checker fails on the annotated loads the tool does not report; remove
// the XFAIL line when the bug is fixed.
// (Fixed: the XFAIL line was removed when the tool was fixed; the loads are
// reported, not analyzed, with the reason: their address comes from a
// per-lane load.)
// RUN: %lint %s --format=json --report=all > %t.json
// RUN: %python %S/../../utils/redteam/check.py %s %t.json

template <class T> struct alignas(16) Pack16 {
  static constexpr int size = 16 / sizeof(T);
  T payload[size];
  __device__ T& operator[](int i) { return payload[i]; }
};
typedef Pack16<float> f128;
template <class T> __device__ Pack16<T> load16(const T* address) {
  return *reinterpret_cast<const Pack16<T>*>(address);
//@rt global load address B=16 let.i=(bx*bdx+tx)*4 addr=4*(ix*768+i%768) sym.ix=range(0,3) kernel=encoder_fwd<64,768>
}
template <class T> __device__ void store16(T* target, Pack16<T> value) {
  *reinterpret_cast<Pack16<T>*>(target) = value;
//@rt global store target B=16 addr=16*(bx*bdx+tx) kernel=encoder_fwd<64,768>
}

// encoder_forward (llm.c): out[b,t,:] = wte[inp[b,t],:] + wpe[t,:].
template <int T, int C>
__global__ void encoder_fwd(float* out, const int* inp, const float* wte,
                            const float* wpe) {
  int idx = (blockIdx.x * blockDim.x + threadIdx.x) * f128::size;
  int bt = idx / C;
  int t = bt % T;
  int c = idx % C;
  int ix = inp[bt];
//@rt global load inp B=4 addr=4*(((bx*bdx+tx)*4)//768)
  f128 packed;
  f128 w = load16(wte + ix * C + c);
  f128 p = load16(wpe + t * C + c);
  for (int k = 0; k < f128::size; k++)
    packed[k] = w[k] + p[k];
  store16(out + idx, packed);
}
//@rt-kernel encoder_fwd<64,768> block=256

int main() { encoder_fwd<64, 768><<<96, 256>>>(0, 0, 0, 0); }
