//===- HarnessSpec.h - How to launch kernels for --verify -----------------===//
//
// A YAML file (--harness-spec=FILE) that says, per kernel, how to run it:
//
//   kernels:
//     - name: reshape_and_cache_kernel   # plain name, or name<args>
//       grid: [16]                       # blocks; default 4
//       block: [128]                     # also the shape the analysis uses
//       dynamic_shared_bytes: 0
//       template_args: {scalar_t: __nv_bfloat16}  # as --assume
//       scalars: {num_heads: 8, head_size: 128}   # as --assume
//       buffers:                         # by parameter name
//         slot_mapping: {size: 16, contents: iota}
//         key: {size: 16384, contents: random, range: [-1, 1], seed: 7}
//         k_scale: {size: 1, contents: constant, value: 1}
//
// Buffer sizes are in elements of the parameter's pointee type; contents are
// zeros (default), iota (0, 1, 2, ...), random (uniform in range, seeded) or
// constant. Scalars and template arguments are added to the --assume values
// (so the analysis and the run agree); a name shared by several kernels gets
// one value.
//
//===----------------------------------------------------------------------===//
#ifndef CCL_RUNTIME_HARNESSSPEC_H
#define CCL_RUNTIME_HARNESSSPEC_H

#include "llvm/Support/Error.h"
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace ccl {

struct BufferSpec {
  uint64_t Size = 0;              ///< elements; 0 = the whole arena
  std::string Contents = "zeros"; ///< zeros | iota | random | constant
  std::vector<double> Range;      ///< random: [lo, hi]
  double Value = 0;               ///< constant
  uint64_t Seed = 1;
};

struct KernelSpec {
  std::string Name;
  std::vector<unsigned> Grid, Block;
  uint64_t DynamicSharedBytes = 0;
  std::map<std::string, std::string> TemplateArgs;
  std::map<std::string, std::string> Scalars;
  std::map<std::string, BufferSpec> Buffers;
};

struct HarnessSpec {
  std::vector<KernelSpec> Kernels;
  /// The spec of kernel \p Name (plain) or \p FullName (with arguments).
  const KernelSpec *find(const std::string &Name,
                         const std::string &FullName) const;
};

/// Reads a spec; on error returns nullopt and a message naming the problem.
llvm::Expected<HarnessSpec> readHarnessSpec(const std::string &Path);

} // namespace ccl
#endif
