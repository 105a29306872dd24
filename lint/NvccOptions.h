//===- NvccOptions.h - nvcc's command line as clang flags -----------------===//
//
// Every option of the nvcc driver (CUDA 13.0, `nvcc --help`), in one table,
// with what it means for a device-side parse of the source: a clang flag of
// the same meaning (-D, -I, -isystem, -include, -std, -x cu), macros nvcc
// defines for it (-rdc=true: __CUDACC_RDC__; -G: __CUDACC_DEBUG__;
// --extended-lambda, --expt-relaxed-constexpr, --default-stream
// per-thread), the GPU architecture (-arch, -code, -gencode), host compiler
// options (-Xcompiler, of which the ones that change the source's meaning
// are kept), more options from a file (--options-file, as CMake writes its
// include paths), or nothing (code generation, linking, output, messages).
//
// nvcc spells an option --long, -short, with its value after '=' or as the
// next argument, lists separated by commas; one-letter short options also
// take their value glued on (-I/path, -DX=1, -O3).
//
//===----------------------------------------------------------------------===//
#ifndef CCL_LINT_NVCCOPTIONS_H
#define CCL_LINT_NVCCOPTIONS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"
#include <string>
#include <vector>

namespace ccl {

/// What an nvcc option does to the device-side parse.
enum class NvccEffect {
  Drop,        ///< code generation, linking, output, driver messages
  Clang,       ///< the clang flag NvccOption::Clang, with each value
  Flags,       ///< the clang flags NvccOption::Clang (space separated)
  Arch,        ///< names the GPU architecture
  Language,    ///< -x: cu is cuda
  HostOptions, ///< -Xcompiler: the host compiler's -D, -U, -I, ... kept
  OptionsFile, ///< --options-file: more options, read from the files
  ForwardUnknown, ///< options nvcc does not know go to the host compiler
  NotModelled, ///< changes the device code in a way the analysis ignores
};

/// How an option takes its value.
enum class NvccValue { None, One, List };

struct NvccOption {
  const char *Long;  ///< without the leading "--"
  const char *Short; ///< without the leading "-"; null when there is none
  NvccValue Value;
  NvccEffect Effect;
  /// Clang: the flag, its value appended ("-D", "-std="), or, ending in a
  /// space, followed by it ("-isystem "). Flags: the flags to add.
  const char *Clang = nullptr;
  /// Flags: only when the option's value is this ("true", "per-thread").
  const char *When = nullptr;
};

/// The table, in the order of `nvcc --help`.
llvm::ArrayRef<NvccOption> nvccOptions();
/// The table, one line per option (--list-nvcc-options): long and short
/// name, how it takes a value, what it does, the clang flags.
void printNvccOptions(llvm::raw_ostream &OS);

/// Whose spelling a command line uses.
enum class FlagDialect {
  Nvcc, ///< an nvcc command (its first argument is nvcc)
  /// clang flags that may hold nvcc ones (after "--", --extra-arg): an
  /// option nvcc has and clang spells the same (-D, -I, -O2, -c) stays as
  /// written, other nvcc options are translated, the rest is clang's.
  Mixed,
};

struct TranslatedFlags {
  std::vector<std::string> Args; ///< clang flags and input files
  std::string Arch;              ///< the first sm_XX named, or ""
  /// Messages about the command line (options nvcc does not have, options
  /// the analysis does not model, options files that cannot be read).
  std::vector<std::string> Notes;
};

/// \p Args without the program name. Options files named relative to
/// \p Directory (the command's working directory).
TranslatedFlags translateNvccFlags(llvm::ArrayRef<std::string> Args,
                                   FlagDialect Dialect,
                                   llvm::StringRef Directory);

} // namespace ccl
#endif
