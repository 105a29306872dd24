#include "stride.cuh"
