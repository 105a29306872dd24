//===- FileOptions.cpp - One file's options: command line and configuration -===//
//
// What the pipeline lints a file with (Pipeline.h): the command line's
// options with the configuration file found for it applied, and the checks
// they enable.
//
//===----------------------------------------------------------------------===//
#include "lint/Config.h"
#include "lint/Pipeline.h"
#include "llvm/Support/Regex.h"

using namespace llvm;
using namespace ccl;

Error ccl::applyConfig(const LintConfig &Cfg, const LintOptions &CommandLine,
                       LintOptions &Out) {
  Out = CommandLine;
  for (const auto &KV : Cfg.CheckOptions)
    Out.CheckOpts.try_emplace(KV.first, KV.second);
  Out.ConfigFile = Cfg.Source;
  for (const auto &KV : Cfg.KernelBlockDims) {
    std::optional<Dim3> D = parseDim3(KV.second);
    if (!D)
      return createStringError(
          inconvertibleErrorCode(),
          "invalid configuration " + Cfg.Source + ": KernelBlockDims '" +
              KV.first + "': '" + KV.second +
              "' (expected X[,Y[,Z]], at most 1024 threads)");
    Out.ConfigKernelDims[KV.first] = *D;
  }
  if (!Cfg.BlockDim.empty()) {
    std::optional<Dim3> D = parseDim3(Cfg.BlockDim);
    if (!D)
      return createStringError(
          inconvertibleErrorCode(),
          "invalid configuration " + Cfg.Source + ": BlockDim '" +
              Cfg.BlockDim + "' (expected X[,Y[,Z]], at most 1024 threads)");
    Out.ConfigBlockDim = *D; // a default: launch sites and attributes win
  }
  for (const auto &KV : Cfg.Assume)
    Out.assume(KV.first, KV.second, /*Overwrite=*/false);
  if (Out.ChecksGlob.empty())
    Out.ChecksGlob = Cfg.Checks;
  if (Out.HeaderFilter.empty())
    Out.HeaderFilter = Cfg.HeaderFilter;
  if (!Cfg.Compiler.empty() && !CommandLine.CompilerGiven) {
    if (Cfg.Compiler == "clang")
      Out.Compiler = CompilerView::Clang;
    else if (Cfg.Compiler == "nvcc")
      Out.Compiler = CompilerView::Nvcc;
    else if (Cfg.Compiler == "none")
      Out.Compiler = CompilerView::None;
    else
      return createStringError(inconvertibleErrorCode(),
                               "invalid configuration " + Cfg.Source +
                                   ": Compiler '" + Cfg.Compiler +
                                   "' (expected clang, nvcc or none)");
  }
  std::string RegexErr;
  if (!Regex(Out.HeaderFilter).isValid(RegexErr))
    return createStringError(inconvertibleErrorCode(),
                             "invalid header filter '" + Out.HeaderFilter +
                                 "': " + RegexErr);
  return Error::success();
}

Error ccl::optionsFor(const std::string &File, const LintOptions &CommandLine,
                      LintOptions &Out, CheckList &Checks) {
  Expected<LintConfig> Cfg = CommandLine.ConfigPath.empty()
                                 ? configFor(File)
                                 : readConfig(CommandLine.ConfigPath);
  if (!Cfg)
    return Cfg.takeError();
  if (Error E = applyConfig(*Cfg, CommandLine, Out))
    return E;
  Expected<CheckList> Made = createChecks(Out.CheckOpts, Out.ChecksGlob);
  if (!Made) {
    std::string Where = Cfg->Source.empty()
                            ? ""
                            : "in " + Cfg->Source + " or the command line: ";
    std::string Msg, All = toString(Made.takeError());
    for (StringRef L : split(All, '\n'))
      Msg += (Msg.empty() ? "" : "\n") + Where + L.str();
    return createStringError(inconvertibleErrorCode(), Msg);
  }
  Checks = std::move(*Made);
  return Error::success();
}
