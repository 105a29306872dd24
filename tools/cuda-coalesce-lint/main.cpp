//===- main.cpp - cuda-coalesce-lint --------------------------------------===//
#include "lint/Lint.h"

int main(int argc, const char **argv) { return ccl::lintMain(argc, argv); }
