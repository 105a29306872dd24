//===- LineMatch.h - nvcc's instructions to source accesses, by line ------===//
//
// nvcc's line information (`nvcc -ptx -lineinfo`) gives an instruction the
// line of its source and a column that is the start of its statement, not
// of its expression: two loads on one line cannot be told apart. So an
// instruction of nvcc's belongs to a source access when it is on one of the
// lines of the access's expression and no other access of the same kind
// (load, store, atomic) begins on those lines. When another does, the
// access is not located ("ambiguous"): it is costed as written, as a worst
// case, never certain. So is the assignment that ends an arm of a branch
// whose arms all end in one (mergeProne): nvcc may merge those into one
// instruction after the join and put it on one arm's line. The clang view
// asks the same question (CompiledKernel.cpp).
//
// Which expressions are accesses is decided syntactically, and generously
// (a subscript, a dereference, an arrow, a read of a __shared__ or
// __device__ variable or of a reference, a call of an atomic): counting one
// too many makes a line ambiguous; one too few could give an access
// another's instruction.
//
//===----------------------------------------------------------------------===//
#ifndef CCL_CODEGEN_LINEMATCH_H
#define CCL_CODEGEN_LINEMATCH_H

#include "codegen/SiteMatch.h"
#include "clang/Basic/SourceLocation.h"
#include <array>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <tuple>
#include <string>

namespace ccl {

class LineMatcher {
public:
  explicit LineMatcher(clang::ASTContext &Ctx, SiteMatcher &Paths);
  ~LineMatcher();
  /// Indices into \p Places of the instructions of \p Site's \p Op (by
  /// line); none when there are none or the line is ambiguous, and then
  /// \p Why says which.
  std::vector<unsigned> match(const clang::Expr *Site, AccessOp Op,
                              llvm::ArrayRef<const InstrPlace *> Places,
                              std::string *Why = nullptr);
  /// Whether \p Site is the left side of an assignment that ends an arm
  /// of an if/else or switch whose arms all end in one: nvcc may merge
  /// those into one instruction after the branch (a store, and the load of
  /// `+=`), or keep them in their arms; which, neither listing says for
  /// the other compiler.
  bool mergeProne(const clang::Expr *Site);
  /// How many source accesses of \p Op begin on \p Line of \p File (a real
  /// path).
  unsigned accessesOn(const std::string &File, unsigned Line,
                      AccessOp Op);

private:
  void count();
  /// (real file, line, column) of \p L's expansion; none when invalid.
  std::optional<std::tuple<std::string, unsigned, unsigned>>
  where(clang::SourceLocation L);
  clang::ASTContext &Ctx;
  SiteMatcher &Paths;
  bool Counted = false;
  /// (real file, line) -> accesses beginning there, per AccessOp.
  std::map<std::pair<std::string, unsigned>, std::array<unsigned, 3>> Counts;
  /// Where the left sides of the assignments that end every arm of a
  /// branch are (file, line, column).
  std::set<std::tuple<std::string, unsigned, unsigned>> MergeProne;
};

} // namespace ccl
#endif
