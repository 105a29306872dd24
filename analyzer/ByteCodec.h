//===- ByteCodec.h - Values as bytes, between forked processes ------------===//
//
// The primitives RecordCodec (access records from a kernel worker) and
// lint/ResultCodec (a file's results from its process) are written with:
// 8-byte integers in the host's order, strings as length and bytes, counts
// checked against what is left. Both ends are the same binary on the same
// machine.
//
//===----------------------------------------------------------------------===//
#ifndef CCL_ANALYZER_BYTECODEC_H
#define CCL_ANALYZER_BYTECODEC_H

#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <cstring>
#include <string>

namespace ccl {

class ByteWriter {
public:
  explicit ByteWriter(std::string &Out) : Out(Out) {}
  void u64(uint64_t V) { Out.append(reinterpret_cast<const char *>(&V), 8); }
  void str(const std::string &S) {
    u64(S.size());
    Out += S;
  }

private:
  std::string &Out;
};

class ByteReader {
public:
  explicit ByteReader(llvm::StringRef In) : In(In) {}
  bool ok() const { return Ok; }
  bool atEnd() const { return In.empty(); }
  uint64_t u64() {
    uint64_t V = 0;
    if (In.size() < 8) {
      Ok = false;
      return 0;
    }
    std::memcpy(&V, In.data(), 8);
    In = In.drop_front(8);
    return V;
  }
  std::string str() {
    uint64_t N = u64();
    if (N > In.size()) {
      Ok = false;
      return {};
    }
    std::string S = In.take_front(N).str();
    In = In.drop_front(N);
    return S;
  }
  /// A count of items of at least 8 bytes each: no more than what is left.
  uint64_t count() {
    uint64_t N = u64();
    if (N > In.size() / 8)
      Ok = false;
    return Ok ? N : 0;
  }

private:
  llvm::StringRef In;
  bool Ok = true;
};

} // namespace ccl
#endif
