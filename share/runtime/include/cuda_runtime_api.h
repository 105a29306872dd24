#include "../ccl_cpu_runtime.h"
