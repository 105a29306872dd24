//===- SiteMatch.h - Which compiled instructions a source access became ---===//
//
// Memory instructions carry the source location clang's (or nvcc's) line
// information gives them, and the locations of the calls they were inlined
// at. A record of the analysis is about an expression (`q[i]`, `o[i]` of
// `o[i] = v`). An instruction belongs to the expression when one of its
// locations is inside the expression's source range, at the operator right
// after it (clang locates a store at its `=` or compound assignment), at a
// `++`/`--` right before it, or, for the source side of a struct copy (a
// memcpy, "loose"), at the `=` before it. When none is, an instruction whose
// address was computed at the expression's first column is taken (the
// subscript of an inlined `T &operator[]` whose load is in the caller).
//
// Shared by the compiler view (CompiledKernel.h) and the JIT harness
// (runtime/jit).
//
//===----------------------------------------------------------------------===//
#ifndef CCL_CODEGEN_SITEMATCH_H
#define CCL_CODEGEN_SITEMATCH_H

#include "analyzer/Dim3.h"
#include "codegen/Ptx.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <map>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class Expr;
} // namespace clang

namespace ccl {

/// Where one compiled memory instruction comes from.
struct InstrPlace {
  AccessOp Op = AccessOp::Load;
  /// Own location first, then the call sites it was inlined at; files as
  /// real paths (SiteMatcher::real).
  std::vector<ptx::SrcLoc> Locs;
  /// Where its address was computed (may be empty).
  std::vector<ptx::SrcLoc> AddrLocs;
  /// PTX: where the values its address register may hold were computed,
  /// through copies and selections (ptx::MemInstr::AddrDefs).
  std::vector<ptx::SrcLoc> AddrDefs;
  /// The source side of a memcpy (located at the assignment).
  bool Loose = false;
  /// Bytes it moves per lane (every vector element; 0: not known).
  unsigned Bytes = 0;
};

/// \p P with symbolic links resolved (\p P itself when it cannot be).
std::string realPath(llvm::StringRef P);

class SiteMatcher {
public:
  explicit SiteMatcher(clang::ASTContext &Ctx) : Ctx(Ctx) {}
  /// Indices into \p Places of the instructions of \p Site's \p Op. When
  /// none, \p Why (if given) says whether the line had any.
  std::vector<unsigned> match(const clang::Expr *Site, AccessOp Op,
                              llvm::ArrayRef<const InstrPlace *> Places,
                              std::string *Why = nullptr);
  /// Whether \p Site is the load of one arm of a `c ? x[i] : y[j]` whose
  /// arms both load \p Site's bytes and neither has an instruction of its
  /// own in \p Places: clang loads the address the arms select, once,
  /// after the branch (nvcc does the same), and locates that load at the
  /// line alone (column 0), or at the `?:` for a struct copied out of it.
  /// True only when such a load is there and its address is computed in
  /// the `?:` (InstrPlace::AddrDefs), not elsewhere on the line; in a warp
  /// whose lanes all take one arm, it is that arm's access as written.
  bool mergedConditionalArm(const clang::Expr *Site, AccessOp Op,
                            llvm::ArrayRef<const InstrPlace *> Places);
  /// realPath(\p P), cached; a relative \p P is the compilation
  /// directory's.
  const std::string &real(const std::string &P);

private:
  /// \p FID's lines in regions: [First, Last] numbered Base + line and
  /// named File (#line directives and line markers start new ones).
  void regions(clang::FileID FID,
               llvm::function_ref<void(unsigned First, unsigned Last,
                                       int64_t Base, const std::string &File)>
                   Each);
  /// The one line of the files entered that the regions number as \p SL
  /// (its file and line), as its file and line there; an invalid FileID
  /// when none is, or several are (the listing cannot tell them apart).
  std::pair<clang::FileID, unsigned> numbered(const ptx::SrcLoc &SL);
  /// The line of \p FID numbered as \p SL: 0 when none is, or when any
  /// other line (of any file entered) is numbered so too.
  unsigned physicalLine(clang::FileID FID, const ptx::SrcLoc &SL);
  /// The offset in \p FID of \p SL (npos when it is not there).
  size_t offsetIn(clang::FileID FID, const ptx::SrcLoc &SL);
  /// Whether a listing's place on \p B's line (numbered \p PB) can be
  /// \p B's: no other line is numbered so (a file included twice, #line
  /// directives giving one number twice).
  bool placeKnown(clang::SourceLocation B, const clang::PresumedLoc &PB);

  clang::ASTContext &Ctx;
  std::map<std::string, std::string> RealPaths;
  struct Region {
    clang::FileID FID;
    unsigned First, Last;
    int64_t Base;
  };
  bool RegionsKnown = false;
  std::map<std::string, std::vector<Region>> AllRegions;
  std::map<std::pair<std::string, unsigned>, std::pair<clang::FileID, unsigned>>
      Numbered;
};

} // namespace ccl
#endif
