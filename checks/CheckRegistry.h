//===- CheckRegistry.h - Every check, declared once -----------------------===//
//
// Each check declares its name, rule text, options (key, default, range,
// doc) and factory once, in a CheckInfo next to its implementation. The
// command line (--checks, --dump-config, --check-option), the SARIF rules and
// the clang-tidy plugin's registrations are all generated from this list, so
// a new check is one new file and one line in CheckRegistry.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef CCL_CHECKS_CHECKREGISTRY_H
#define CCL_CHECKS_CHECKREGISTRY_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ccl {

class Check;

/// An integer option of a check ("cuda-uncoalesced-global.MinEfficiency").
struct CheckOptionInfo {
  const char *Key;
  int64_t Default, Min, Max;
  const char *Doc;
};

/// Effective option values of one check, by key (MinEfficiency -> 80).
using OptionValues = std::map<std::string, int64_t>;

/// Options as "check-name.Key" -> value strings (clang-tidy style), as given
/// on the command line or in the configuration file.
using CheckOptions = std::map<std::string, std::string>;

struct CheckInfo {
  const char *Name;             ///< cuda-uncoalesced-global
  const char *ShortDescription; ///< one line (SARIF shortDescription)
  const char *FullDescription;  ///< what and why (SARIF fullDescription)
  const char *Help;             ///< how to fix, with the docs page
  const char *DocPath;          ///< docs/checks/NAME.md
  std::vector<CheckOptionInfo> Options;
  std::function<std::unique_ptr<Check>(const CheckInfo &, const OptionValues &)>
      Factory;
};

/// Every check, in a fixed order (the SARIF rule index is the position).
const std::vector<const CheckInfo *> &checkRegistry();
/// The check named \p Name, or null.
const CheckInfo *findCheck(llvm::StringRef Name);

/// Reads the options of \p Info through \p Lookup (key without the check
/// name -> text, nullopt when not set). A value that is not an integer in
/// range keeps the default and adds a message to \p Problems.
OptionValues resolveOptions(
    const CheckInfo &Info,
    const std::function<std::optional<std::string>(llvm::StringRef)> &Lookup,
    std::vector<std::string> &Problems);

/// Whether check \p Name is enabled by a clang-tidy style glob list
/// ("cuda-*,-cuda-shared-bank-conflict": the last matching glob wins).
bool checkEnabled(llvm::StringRef Globs, llvm::StringRef Name);

/// The checks \p Globs enables, with options from \p Opts. Unknown option
/// keys and bad values are errors (every problem, one per line).
llvm::Expected<std::vector<std::unique_ptr<Check>>>
createChecks(const CheckOptions &Opts, llvm::StringRef Globs);

/// Every option of every check as "name.Key" -> effective value: \p Opts
/// where given, else the default (for --dump-config).
std::map<std::string, std::string> effectiveOptions(const CheckOptions &Opts);

} // namespace ccl
#endif
