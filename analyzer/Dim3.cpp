//===- Dim3.cpp - Block shapes and the kinds of memory access
//--------------===//
#include "analyzer/Dim3.h"
#include "llvm/Support/ErrorHandling.h"

using namespace ccl;

const char *ccl::accessOpName(AccessOp Op) {
  switch (Op) {
  case AccessOp::Load:
    return "load";
  case AccessOp::Store:
    return "store";
  case AccessOp::Atomic:
    return "atomic";
  }
  llvm_unreachable("unknown AccessOp");
}

std::string Dim3::str() const {
  return std::to_string(X) + "x" + std::to_string(Y) + "x" + std::to_string(Z);
}
