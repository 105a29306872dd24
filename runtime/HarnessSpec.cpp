//===- HarnessSpec.cpp - How to launch kernels for --verify ---------------===//
#include "runtime/HarnessSpec.h"
#include "runtime/YamlStringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/YAMLTraits.h"

using namespace ccl;
using llvm::yaml::IO;

namespace llvm {
namespace yaml {
template <> struct MappingTraits<BufferSpec> {
  static void mapping(IO &Io, BufferSpec &B) {
    Io.mapOptional("size", B.Size);
    Io.mapOptional("contents", B.Contents);
    Io.mapOptional("range", B.Range);
    Io.mapOptional("value", B.Value);
    Io.mapOptional("seed", B.Seed);
  }
  static std::string validate(IO &, BufferSpec &B) {
    if (B.Contents != "zeros" && B.Contents != "iota" &&
        B.Contents != "random" && B.Contents != "constant")
      return "buffer contents must be zeros, iota, random or constant, not '" +
             B.Contents + "'";
    if (B.Contents == "random" && B.Range.size() != 2)
      return "random contents need 'range: [lo, hi]'";
    return "";
  }
};
template <> struct CustomMappingTraits<std::map<std::string, BufferSpec>> {
  static void inputOne(IO &Io, StringRef Key,
                       std::map<std::string, BufferSpec> &M) {
    Io.mapRequired(Key.str().c_str(), M[Key.str()]);
  }
  static void output(IO &Io, std::map<std::string, BufferSpec> &M) {
    for (auto &KV : M)
      Io.mapRequired(KV.first.c_str(), KV.second);
  }
};
template <> struct MappingTraits<KernelSpec> {
  static void mapping(IO &Io, KernelSpec &K) {
    Io.mapRequired("name", K.Name);
    Io.mapOptional("grid", K.Grid);
    Io.mapOptional("block", K.Block);
    Io.mapOptional("dynamic_shared_bytes", K.DynamicSharedBytes);
    Io.mapOptional("template_args", K.TemplateArgs);
    Io.mapOptional("scalars", K.Scalars);
    Io.mapOptional("buffers", K.Buffers);
  }
  static std::string validate(IO &, KernelSpec &K) {
    for (const auto *V : {&K.Grid, &K.Block})
      if (V->size() > 3)
        return "kernel '" + K.Name + "': grid and block take at most 3 numbers";
    unsigned T = 1;
    for (unsigned X : K.Block)
      T *= X;
    if (T == 0 || T > 1024)
      return "kernel '" + K.Name + "': a block has 1 to 1024 threads";
    return "";
  }
};
template <> struct MappingTraits<HarnessSpec> {
  static void mapping(IO &Io, HarnessSpec &H) {
    Io.mapRequired("kernels", H.Kernels);
  }
};
} // namespace yaml
} // namespace llvm

LLVM_YAML_IS_SEQUENCE_VECTOR(KernelSpec)

const KernelSpec *HarnessSpec::find(const std::string &Name,
                                    const std::string &FullName) const {
  for (const KernelSpec &K : Kernels)
    if (K.Name == FullName)
      return &K;
  for (const KernelSpec &K : Kernels)
    if (K.Name == Name)
      return &K;
  return nullptr;
}

llvm::Expected<HarnessSpec> ccl::readHarnessSpec(const std::string &Path) {
  HarnessSpec Spec;
  if (!llvm::sys::fs::exists(Path))
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "cannot read harness spec '" + Path +
                                       "': no such file");
  if (llvm::Error E = readYamlFile(Path, Spec))
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "invalid harness spec '" + Path +
                                       "': " + llvm::toString(std::move(E)));
  return Spec;
}
