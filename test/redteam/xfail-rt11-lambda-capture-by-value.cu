// Known tool bug RT-11 (/work/coord/redteam-bugs.md): a lambda that
// captures by value keeps the value the variable had when the lambda was
// created; the tool reads the variable's value at the call instead, so an
// index changed after the capture gives exact and wrong numbers. Remove
// the XFAIL line when fixed.
// (Fixed: the XFAIL line was removed when the tool was fixed.)
// RUN: %lint %s --format=json --report=all > %t.json
// RUN: %python %S/../../utils/redteam/check.py %s %t.json

// A row loader captured once, then the row variable moves on.
__global__ void captured_row(const float* in, float* out) {
  int row = threadIdx.x;
  auto load = [=](int c) { return in[row * 1 + c]; };
//@rt global load in B=4 addr=4*(tx+c) over.c=range(2)
  row *= 8;
  out[row] = load(0) + load(1);
//@rt global store out B=4 addr=4*8*tx
}
//@rt-kernel captured_row block=32

int main() { captured_row<<<1, 32>>>(0, 0); }
