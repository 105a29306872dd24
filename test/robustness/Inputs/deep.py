# Writes a kernel with a 10,000-term index expression.
print("__global__ void deep(const float* in, float* out) {")
print("  int t = threadIdx.x;")
print("  out[t] = in[" + " + ".join(["t"] * 10000) + "];")
print("  out[t] = in[" + "(" * 300 + "t" + ")" * 300 + "];")
print("}")
