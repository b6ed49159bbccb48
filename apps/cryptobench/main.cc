// cryptobench: thin main. Everything else lives in the library under src/.
#include "cli/cli.h"

int main(int argc, char** argv) { return cryptobench::cli::Run(argc, argv); }
