//===- AnalysisStats.h - What one kernel analysis counted -----------------===//
//
// Counters of the work one analysis did, handed back to its caller
// (analyzeKernel's Stats) rather than kept in process-wide variables:
// --time-kernels prints them per kernel analysis, tests read them.
//
//===----------------------------------------------------------------------===//
#ifndef CCL_ANALYZER_ANALYSISSTATS_H
#define CCL_ANALYZER_ANALYSISSTATS_H

namespace ccl {

struct AnalysisStats {
  /// The trips a generalized loop runs without recording (its dry run, and
  /// the induction check's trips): how many were replaced by evaluating the
  /// loop's steps alone (LoopSteps.h) and how many ran.
  unsigned long DryByStep = 0, DryByTrip = 0;
  unsigned long CheckByStep = 0, CheckByTrip = 0;
  /// Analyses of a padded shared array (a fix-it being checked) that ran
  /// the interpreter; 0 where the memo of the AST answered.
  unsigned long PaddedRuns = 0;

  AnalysisStats &operator+=(const AnalysisStats &O) {
    DryByStep += O.DryByStep;
    DryByTrip += O.DryByTrip;
    CheckByStep += O.CheckByStep;
    CheckByTrip += O.CheckByTrip;
    PaddedRuns += O.PaddedRuns;
    return *this;
  }
};

} // namespace ccl
#endif
