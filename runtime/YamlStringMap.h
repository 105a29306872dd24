//===- YamlStringMap.h - std::map<string, string> in llvm::yaml ------------===//
//
// A YAML mapping read into a std::map of strings (harness spec scalars and
// template arguments, the configuration file's CheckOptions and Assume).
// One definition for every user: specializations must not differ between
// translation units.
//
//===----------------------------------------------------------------------===//
#ifndef CCL_RUNTIME_YAMLSTRINGMAP_H
#define CCL_RUNTIME_YAMLSTRINGMAP_H

#include "llvm/Support/YAMLTraits.h"
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

#endif
