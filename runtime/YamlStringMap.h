//===- YamlStringMap.h - std::map<string, string> in llvm::yaml
//------------===//
//
// A YAML mapping read into a std::map of strings (harness spec scalars and
// template arguments, the configuration file's CheckOptions and Assume).
// One definition for every user: specializations must not differ between
// translation units.
//
//===----------------------------------------------------------------------===//
#ifndef CCL_RUNTIME_YAMLSTRINGMAP_H
#define CCL_RUNTIME_YAMLSTRINGMAP_H

#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLTraits.h"
#include "llvm/Support/raw_ostream.h"
#include <map>
#include <string>

namespace llvm {
namespace yaml {
template <> struct CustomMappingTraits<std::map<std::string, std::string>> {
  static void inputOne(IO &Io, StringRef Key,
                       std::map<std::string, std::string> &M) {
    Io.mapRequired(Key.str().c_str(), M[Key.str()]);
  }
  static void output(IO &Io, std::map<std::string, std::string> &M) {
    for (auto &KV : M)
      Io.mapRequired(KV.first.c_str(), KV.second);
  }
};
} // namespace yaml
} // namespace llvm

namespace ccl {
/// Reads YAML file \p Path into \p Out. The error says "LINE:COL: message"
/// (or why the file could not be read).
template <typename T>
llvm::Error readYamlFile(const std::string &Path, T &Out) {
  auto Buf = llvm::MemoryBuffer::getFile(Path);
  if (!Buf)
    return llvm::createStringError(Buf.getError(), Buf.getError().message());
  std::string Diag;
  llvm::raw_string_ostream DiagOS(Diag);
  llvm::yaml::Input In((*Buf)->getBuffer(), nullptr,
                       [](const llvm::SMDiagnostic &D, void *Ctx) {
                         *static_cast<llvm::raw_ostream *>(Ctx)
                             << D.getLineNo() << ":" << D.getColumnNo() + 1
                             << ": " << D.getMessage();
                       },
                       &DiagOS);
  In >> Out;
  if (In.error())
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   DiagOS.str());
  return llvm::Error::success();
}
} // namespace ccl

#endif
