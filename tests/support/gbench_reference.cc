// A tiny benchmark built with the system's libbenchmark (Debian's libbenchmark-dev), whose JSON
// output (--benchmark_format=json --benchmark_repetitions=2) is the reference GbenchJsonTest
// checks cryptobench's --format gbench-json against: the same keys with the same JSON types.
// It sets bytes and items processed (bytes_per_second, items_per_second) and has one benchmark
// that fails (error_occurred, error_message), as cryptobench's failed cells do.
#include <cstring>

#include <benchmark/benchmark.h>

namespace {

void BM_Copy(benchmark::State& state) {
  char source[64] = {1};
  char target[64];
  for (auto _ : state) {
    std::memcpy(target, source, sizeof target);
    benchmark::DoNotOptimize(target);
  }
  state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(sizeof target));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_Copy)->Arg(64);

void BM_Fails(benchmark::State& state) {
  state.SkipWithError("a failed cell");
  for (auto _ : state) {
  }
}
BENCHMARK(BM_Fails);

}  // namespace

BENCHMARK_MAIN();
