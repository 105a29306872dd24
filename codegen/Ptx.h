//===- Ptx.h - The memory instructions of a PTX listing, with their lines -===//
//
// Reads the PTX that clang's NVPTX backend (DeviceCode.h) or nvcc
// (`nvcc -ptx -lineinfo`) writes, and keeps what the cost model needs of
// each global and shared memory instruction: the operation, the state space,
// the bytes each lane moves (all elements of a vector), the address operand
// split into a base and a byte displacement, and the source location from
// the last `.loc` before it, followed by the places it was inlined at.
//
//   .loc 1 5 14                       // clang: own location
//   ld.global.nc.v2.b32 {%r5, %r6}, [%rd6+8];
//     -> Load, Global, 8 bytes (2 x 4), base "%rd6", displacement 8
//
// Inlining: nvcc writes `.loc 1 2 31, function_name $L..., inlined_at 1 19 3`;
// clang writes the chain only in the directive's comment
// (`// t.cu:2:57 @[ t.cu:19:10 ]`), with the file names of its debug info,
// which are matched to the `.file` table by their last path components.
//
// Instructions the model does not cost are skipped: parameter, local and
// constant space, texture and surface instructions, cp.async, ldmatrix.
//
//===----------------------------------------------------------------------===//
#ifndef CCL_CODEGEN_PTX_H
#define CCL_CODEGEN_PTX_H

#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <set>
#include <string>
#include <vector>

namespace ccl {
namespace ptx {

struct SrcLoc {
  std::string File; ///< as the listing names it (a path)
  unsigned Line = 0, Col = 0;
};

enum class MemOp { Load, Store, Atomic };
enum class Space { Global, Shared, Generic };

struct MemInstr {
  MemOp Op = MemOp::Load;
  Space Sp = Space::Generic;
  unsigned Bytes = 0;       ///< per lane, every vector element
  unsigned Elems = 1;       ///< vector elements
  std::string Opcode;       ///< "ld.global.nc.v2.b32"
  std::string Base;         ///< "%rd6", or a variable's name
  int64_t Disp = 0;         ///< byte displacement from Base
  std::vector<SrcLoc> Locs; ///< own location first, then inlined-at ones
  /// Where the instructions that compute its address register are (their
  /// own locations), through copies (`mov`, `cvta`) and selections
  /// (`selp`, and the moves that a join of two paths leaves).
  std::vector<SrcLoc> AddrDefs;
  unsigned PtxLine = 0; ///< line in the listing
};

struct Function {
  std::string Name; ///< mangled
  bool Entry = false;
  std::vector<MemInstr> Mem;
  std::vector<std::string> Calls; ///< functions it calls (direct calls)
  bool CallsIndirectly = false;   ///< a call through a register
};

struct Module {
  std::vector<Function> Functions;
  /// Names used as values (`mov.b64 %rd1, _Z1fv;`, `.global .u64 t[2] =
  /// {_Z1fv, _Z1gv};`): the functions a call through a pointer may reach.
  std::set<std::string> AddressTaken;
  const Function *find(llvm::StringRef Name) const;
  /// \p Entry and the functions it calls, directly or not (those in this
  /// module); where one of those calls through a register (a function
  /// pointer), also every function whose address is taken.
  std::vector<const Function *> reachedFrom(llvm::StringRef Entry) const;
};

/// Reads \p Text. Lines it does not understand are skipped.
Module parse(llvm::StringRef Text);

/// The width in bytes of a PTX type suffix ("f32" -> 4, "b128" -> 16), 0
/// when \p T is not one.
unsigned typeBytes(llvm::StringRef T);

} // namespace ptx
} // namespace ccl
#endif
