//===- main.cpp - cuda-coalesce-lint --------------------------------------===//
#include "tools/cuda-coalesce-lint/Driver.h"

int main(int argc, const char **argv) { return ccl::lintMain(argc, argv); }
