# Writes IN's text as a C++ raw string literal into OUT.
file(READ ${IN} TEXT)
file(WRITE ${OUT} "static const char CudaShimText[] = R\"ccl_shim(${TEXT})ccl_shim\";\n")
