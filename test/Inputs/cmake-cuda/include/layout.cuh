#pragma once
#define ROW 64
