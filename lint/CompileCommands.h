//===- CompileCommands.h - Compile commands for the device-side parse -----===//
//
// A compile command from a compilation database (clang or nvcc) or after
// "--" becomes a clang command line that parses the CUDA device side, with
// the CUDA 13 and clang 22 quirks handled (docs/design.md, "Compile
// commands").
//
//===----------------------------------------------------------------------===//
#ifndef CCL_LINT_COMPILECOMMANDS_H
#define CCL_LINT_COMPILECOMMANDS_H

#include "lint/Options.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CompilationDatabase.h"
#include <map>
#include <memory>
#include <mutex>

namespace ccl {

/// The compile commands the linter parses with, over a compilation
/// database or the flags after "--": nvcc commands become clang commands
/// (NvccOptions.h); where the flags were given by hand (\p FlagsGiven: after
/// "--") nvcc options among clang ones are translated too; \p Before and
/// \p After (--extra-arg-before, --extra-arg, and with -p the flags after
/// "--") are added to every command, after the program and at the end.
class DeviceCommands : public clang::tooling::CompilationDatabase {
public:
  DeviceCommands(std::unique_ptr<clang::tooling::CompilationDatabase> Inner,
                 bool FlagsGiven, std::vector<std::string> Before,
                 std::vector<std::string> After);
  std::vector<clang::tooling::CompileCommand>
  getCompileCommands(llvm::StringRef File) const override;
  std::vector<std::string> getAllFiles() const override;
  std::vector<clang::tooling::CompileCommand>
  getAllCompileCommands() const override;
  /// What translating \p File's commands says (options nvcc does not
  /// have, options files that cannot be read, ...): kept from the last
  /// getCompileCommands of \p File, else translated now.
  std::vector<std::string> notesFor(llvm::StringRef File) const;
  const clang::tooling::CompilationDatabase &inner() const { return *Inner; }

private:
  clang::tooling::CompileCommand
  translate(clang::tooling::CompileCommand C,
            std::vector<std::string> &Notes) const;
  std::unique_ptr<clang::tooling::CompilationDatabase> Inner;
  bool FlagsGiven;
  std::vector<std::string> Before, After;
  mutable std::mutex NotesMutex;
  mutable std::map<std::string, std::vector<std::string>> NotesOf;
};

/// Makes a compile command parse the CUDA device side (.cu/.cuh or -x cuda;
/// plain C++ is left as given). \p Opts must outlive the adjuster.
clang::tooling::ArgumentsAdjuster cudaAdjuster(const LintOptions &Opts);

/// -p without files: the `.cu`/`.cuh` entries of the database found from
/// \p BuildPath whose path matches \p FileFilter (all when empty), sorted,
/// into \p Files; an error when there is no database or no such entry.
llvm::Error cudaFilesOfDatabase(llvm::StringRef BuildPath,
                                llvm::StringRef FileFilter,
                                std::vector<std::string> &Files);

} // namespace ccl
#endif
