// The doctest runner shared by every tests/test_*.cpp file.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
