//===- Fixes.cpp - --fix and --export-fixes -------------------------------===//
//
// The fix-its of all findings (the "fixits" of the JSON diagnostics) become
// clang::tooling::Replacements: written as clang-apply-replacements YAML
// (--export-fixes) and/or applied in place (--fix), each file through a
// temporary file renamed over it, so a file is either fully fixed or
// untouched. The same fix offered by several findings is applied once.
//
//===----------------------------------------------------------------------===//
#include "clang/Tooling/Core/Replacement.h"
#include "clang/Tooling/ReplacementsYaml.h"
#include "lint/Lint.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/YAMLTraits.h"

using namespace llvm;
using namespace ccl;
namespace tooling = clang::tooling;

namespace {
std::map<std::string, tooling::Replacements>
collect(const json::Array &Diagnostics, std::string &Problem) {
  std::map<std::string, tooling::Replacements> ByFile;
  for (const json::Value &V : Diagnostics) {
    const json::Object *D = V.getAsObject();
    const json::Array *Fixes = D ? D->getArray("fixits") : nullptr;
    if (!Fixes)
      continue;
    for (const json::Value &FV : *Fixes) {
      const json::Object *F = FV.getAsObject();
      if (!F)
        continue;
      std::string File = F->getString("file").value_or("").str();
      tooling::Replacement R(File, F->getInteger("offset").value_or(0),
                             F->getInteger("length").value_or(0),
                             F->getString("replacement").value_or(""));
      tooling::Replacements &Rs = ByFile[File];
      bool Duplicate = false;
      for (const tooling::Replacement &Old : Rs)
        Duplicate |= Old == R;
      if (Duplicate)
        continue;
      if (llvm::Error E = Rs.add(R))
        Problem = "conflicting fixes in '" + File + "': " + toString(std::move(E));
    }
  }
  return ByFile;
}
} // namespace

bool ccl::exportFixes(const json::Array &Diagnostics, StringRef Path,
                      std::string &Error) {
  auto ByFile = collect(Diagnostics, Error);
  tooling::TranslationUnitReplacements TUR;
  TUR.MainSourceFile = ByFile.empty() ? "" : ByFile.begin()->first;
  for (auto &KV : ByFile)
    for (const tooling::Replacement &R : KV.second)
      TUR.Replacements.push_back(R);
  std::error_code EC;
  raw_fd_ostream OS(Path, EC);
  if (EC) {
    Error = "cannot write '" + Path.str() + "': " + EC.message();
    return false;
  }
  yaml::Output Out(OS);
  Out << TUR;
  return true;
}

bool ccl::applyFixes(const json::Array &Diagnostics, unsigned &Applied,
                     std::string &Error) {
  Applied = 0;
  auto ByFile = collect(Diagnostics, Error);
  for (auto &KV : ByFile) {
    auto Buf = MemoryBuffer::getFile(KV.first);
    if (!Buf) {
      Error = "cannot read '" + KV.first + "'";
      return false;
    }
    Expected<std::string> New =
        tooling::applyAllReplacements((*Buf)->getBuffer(), KV.second);
    if (!New) {
      Error = "cannot apply fixes to '" + KV.first + "': " + toString(New.takeError());
      return false;
    }
    SmallString<256> Tmp;
    int FD;
    if (sys::fs::createUniqueFile(KV.first + ".ccl-fix-%%%%%%", FD, Tmp)) {
      Error = "cannot create a temporary file next to '" + KV.first + "'";
      return false;
    }
    {
      raw_fd_ostream OS(FD, /*shouldClose=*/true);
      OS << *New;
    }
    if (std::error_code EC = sys::fs::rename(Tmp, KV.first)) {
      sys::fs::remove(Tmp);
      Error = "cannot replace '" + KV.first + "': " + EC.message();
      return false;
    }
    Applied += KV.second.size();
  }
  return true;
}
