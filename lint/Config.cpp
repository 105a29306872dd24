//===- Config.cpp - .cuda-coalesce-lint.yaml
//--------------------------------===//
#include "lint/Config.h"
#include "checks/CheckRegistry.h"
#include "runtime/YamlStringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/YAMLTraits.h"
#include "llvm/Support/raw_ostream.h"

using namespace ccl;
using llvm::yaml::IO;

namespace llvm {
namespace yaml {
template <> struct MappingTraits<LintConfig> {
  static void mapping(IO &Io, LintConfig &C) {
    Io.mapOptional("Checks", C.Checks);
    Io.mapOptional("CheckOptions", C.CheckOptions);
    Io.mapOptional("BlockDim", C.BlockDim);
    Io.mapOptional("KernelBlockDims", C.KernelBlockDims);
    Io.mapOptional("Assume", C.Assume);
    Io.mapOptional("HeaderFilter", C.HeaderFilter);
    Io.mapOptional("Compiler", C.Compiler);
  }
};
} // namespace yaml
} // namespace llvm

llvm::Expected<LintConfig> ccl::readConfig(const std::string &Path) {
  LintConfig C;
  if (llvm::Error E = readYamlFile(Path, C))
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "invalid configuration " + Path + ":" +
                                       llvm::toString(std::move(E)));
  C.Source = Path;
  return C;
}

llvm::Expected<LintConfig> ccl::configFor(const std::string &File) {
  llvm::SmallString<256> Dir(File);
  llvm::sys::fs::make_absolute(Dir);
  llvm::sys::path::remove_filename(Dir);
  while (!Dir.empty()) {
    llvm::SmallString<256> Path(Dir);
    llvm::sys::path::append(Path, ".cuda-coalesce-lint.yaml");
    if (llvm::sys::fs::exists(Path)) {
      return readConfig(std::string(Path));
    }
    std::string Parent = llvm::sys::path::parent_path(Dir).str();
    if (Parent == Dir)
      break;
    Dir = Parent; // a copy: Dir must not be assigned a view of itself
  }
  return LintConfig{};
}

std::string ccl::dumpConfig(const LintConfig &C) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  llvm::yaml::Output Out(OS);
  LintConfig Copy = C;
  // Every option of every check, with its default where not set.
  for (const auto &KV : effectiveOptions(C.CheckOptions))
    Copy.CheckOptions[KV.first] = KV.second;
  Out << Copy;
  return OS.str();
}
