//===- Fixes.cpp - --fix and --export-fixes -------------------------------===//
//
// The fix-its of all findings become
// clang::tooling::Replacements: written as clang-apply-replacements YAML
// (--export-fixes) and/or applied in place (--fix), each file through a
// temporary file renamed over it, so a file is either fully fixed or
// untouched. The same fix offered by several findings is applied once.
//
//===----------------------------------------------------------------------===//
#include "report/Report.h"
#include "clang/Tooling/Core/Replacement.h"
#include "clang/Tooling/ReplacementsYaml.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/YAMLTraits.h"

using namespace llvm;
using namespace ccl;
namespace tooling = clang::tooling;

namespace {
std::map<std::string, tooling::Replacements> collect(const LintResults &Results,
                                                     std::string &Problem) {
  std::map<std::string, tooling::Replacements> ByFile;
  for (const FileResult &FR : Results.Files)
    for (const ReportedFinding &D : FR.Findings)
      for (const FixIt &F : D.Fixes) {
        tooling::Replacement R(F.File, F.Offset, F.Length, F.Replacement);
        tooling::Replacements &Rs = ByFile[F.File];
        bool Duplicate = false;
        for (const tooling::Replacement &Old : Rs)
          Duplicate |= Old == R;
        if (Duplicate)
          continue;
        if (llvm::Error E = Rs.add(R))
          Problem = "conflicting fixes in '" + F.File +
                    "': " + toString(std::move(E));
      }
  return ByFile;
}
} // namespace

Error ccl::exportFixes(const LintResults &Results, StringRef Path,
                       std::string &Warning) {
  auto ByFile = collect(Results, Warning);
  tooling::TranslationUnitReplacements TUR;
  TUR.MainSourceFile = ByFile.empty() ? "" : ByFile.begin()->first;
  for (auto &KV : ByFile)
    for (const tooling::Replacement &R : KV.second)
      TUR.Replacements.push_back(R);
  std::error_code EC;
  raw_fd_ostream OS(Path, EC);
  if (EC)
    return createStringError(EC, "cannot write '" + Path.str() +
                                     "': " + EC.message());
  yaml::Output Out(OS);
  Out << TUR;
  return Error::success();
}

Expected<unsigned> ccl::applyFixes(const LintResults &Results,
                                   std::string &Warning) {
  unsigned Applied = 0;
  auto Fail = [](const Twine &Msg) {
    return createStringError(inconvertibleErrorCode(), Msg);
  };
  auto ByFile = collect(Results, Warning);
  for (auto &KV : ByFile) {
    auto Buf = MemoryBuffer::getFile(KV.first);
    if (!Buf)
      return Fail("cannot read '" + KV.first + "'");
    Expected<std::string> New =
        tooling::applyAllReplacements((*Buf)->getBuffer(), KV.second);
    if (!New)
      return Fail("cannot apply fixes to '" + KV.first +
                  "': " + toString(New.takeError()));
    SmallString<256> Tmp;
    int FD;
    if (sys::fs::createUniqueFile(KV.first + ".ccl-fix-%%%%%%", FD, Tmp))
      return Fail("cannot create a temporary file next to '" + KV.first + "'");
    {
      raw_fd_ostream OS(FD, /*shouldClose=*/true);
      OS << *New;
    }
    if (std::error_code EC = sys::fs::rename(Tmp, KV.first)) {
      sys::fs::remove(Tmp);
      return Fail("cannot replace '" + KV.first + "': " + EC.message());
    }
    Applied += KV.second.size();
  }
  return Applied;
}
