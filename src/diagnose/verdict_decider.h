// Internal to the verdict engine: the Decider that turns one algorithm's measurements into
// verdicts (verdict.cc: figures, the as-is checks, environment mask, no-asm build;
// verdict_experiments.cc: mask experiments and GCM's GHASH).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "diagnose/classifier.h"
#include "diagnose/doctor_model.h"
#include "diagnose/slow_cores.h"
#include "diagnose/verdict_paths.h"
#include "diagnose/verdict_text.h"

namespace cryptobench::diagnose {
struct FeaturePath;
}  // namespace cryptobench::diagnose

namespace cryptobench::diagnose::verdict_internal {

/// How many times slower than a feature path's own cpb (FeaturePath::path_cpb) a figure must be
/// at kMinPlausibleCoreHz (0.2 GHz) to show that the path did not run. Any CPU that has such a
/// path runs far faster than 0.2 GHz (SPARC T4: 2.85-3.0 GHz, Oracle's SPARC T4 data sheet,
/// https://web.archive.org/web/20120516005219/http://www.oracle.com/us/products/servers-storage/servers/sparc-enterprise/t-series/sparc-t4-processor-ds-497205.pdf),
/// so at its real clock the margin is about 28 times; the factor of 2 covers a path that needs
/// twice the source's cycles on another core of the family.
inline constexpr double kPathRuledOutFactor = 2.0;

/// Smallest input (bytes per operation) the class ranges describe: they are large-block figures
/// (8-16 KiB per call; cpb-reference.md sec. 1).
inline constexpr uint64_t kLargeInputLen = 8192;

/// The class table of `arch` ("x86_64" or "aarch64"; empty for any other), parsed once.
const std::vector<CpbClass>& ClassesFor(std::string_view arch);

/// False for a class of `family`'s table that belongs to a path (PathSpec::class_prefix) the
/// library cannot take: a release that lacks it (the class row's releases key and the path's
/// PathSpec::release_key name the data/library-changes.csv row that dates it: OpenSSL's x86-64
/// VAES GCM from 3.1, XTS from 3.5; LibreSSL has neither), or a capability vector (when
/// known) without its bits while another path of the family stays open, so that the family keeps
/// an accelerated class. Also false for a hardware or vector AES block class when every row of
/// a named OpenSSL 1.x release times the low-level AES_* API, which reaches neither (table asm
/// or C only), and for a software class whose features the CPU facts show absent
/// (CpuRulesOutSoftwareClass: vpaes on a CPU without SSSE3). True for every other class
/// (software rows, unknown release or vector).
bool ClassOfOpenPath(const CpbClass& c, Family family, const DoctorFacts& facts);

/// ClassesFor(arch) less the software rows whose code `openssl_release` does not ship
/// (InRelease, by the rows' releases keys): on AArch64 bsaes-armv8 only from 3.1.0, vpaes-armv8
/// for CBC decryption before. Every row when the release is unknown. Built once per distinct
/// selection, so the reference stays valid for the program's life. Thread-safe.
const std::vector<CpbClass>& ClassesFor(std::string_view arch,
                                        const std::optional<LibraryVersion>& openssl_release);

/// True when the class table of `arch` has a row for `algorithm` and `operation` that
/// `openssl_release` does not ship (InRelease): the path that release runs instead (AArch64 CTR's
/// one-block vpaes before bsaes-armv8 in 3.1.0) has no row of its own. False when the release is
/// unknown.
bool RowLeftOutForRelease(std::string_view arch, std::string_view algorithm,
                          std::string_view operation,
                          const std::optional<LibraryVersion>& openssl_release);

/// True if the measurement succeeded with a positive rate.
inline bool MeasurementOk(const Measurement& m) {
  return m.status == results::CellStatus::kOk && m.bytes_per_s > 0;
}

/// What masking did to the throughput.
enum class Change { kSlower, kNone, kInconclusive, kFailed };

struct Comparison {
  Change change = Change::kFailed;
  double ratio = 0;        ///< baseline / masked throughput
  bool cis_apart = false;  ///< the masked run's CI lies below the baseline's
  /// The masked run is faster by kSignificantSlowdown or more, CIs apart: on a CPU the machine
  /// changed (kInconclusive); under emulation it shows the mask switched the code path.
  bool significantly_faster = false;
};

/// Compares a masked measurement with its baseline (rules: verdict.h, DecideVerdicts).
Comparison Compare(const Measurement& baseline, const Measurement& masked);

/// Decides the verdicts of one algorithm; see DecideVerdicts (verdict.h). Holds references to
/// its arguments, which must outlive it.
class Decider {
 public:
  Decider(const AlgorithmInfo& alg, std::string_view operation, uint64_t input_len,
          const DoctorFacts& facts, const std::vector<Experiment>& experiments,
          const std::vector<Measurement>& measurements, double hz_low, double hz_high)
      : alg_(alg),
        operation_(operation),
        facts_(facts),
        experiments_(experiments),
        measurements_(measurements),
        hz_low_(hz_low),
        hz_high_(hz_high),
        symmetric_(IsSymmetric(alg.kind)),
        family_(FamilyOf(alg)),
        paths_(PathsOf(family_, facts.cpu.arch)) {
    base_.algorithm = std::string(alg.name);
    base_.operation = std::string(operation);
    base_.input_len = input_len;
    base_.measurements = measurements;
  }

  std::vector<Verdict> Decide() {
    std::vector<Verdict> out{DecideMain()};
    for (size_t i = 0; i < experiments_.size(); ++i) {
      const PathSpec* spec = Spec(experiments_[i]);
      if (spec != nullptr && spec->ghash) {
        out.push_back(DecideGhash(i));
      }
    }
    return out;
  }

 private:
  // Figures and phrases (verdict.cc).
  /// `m` against the classes over [hz_low, hz_high_]; hz_low < 0 means hz_low_.
  Fingerprint Classify(const Measurement& m, double hz_low = -1) const;
  /// `fp` as a kernel tool's run may state it: the class table holds OpenSSL's code paths, not
  /// the kernel's drivers, so for cryptsetup, tcrypt, kcapi-speed or AF_ALG figures the
  /// conclusion names no class (the matches stay, for the side of the table the figure is on).
  Fingerprint ForKernel(Fingerprint fp) const;
  /// This row's comparison with serpent and twofish of the same kernel run (cpu_clues.h,
  /// CompareKernelAes), when the report is a kernel tool's and the comparison does not contradict
  /// the AES bounds that hold on any CPU (ClassifyAesFigure); nullptr otherwise.
  const KernelAesComparison* KernelAes() const;
  std::string Rate(double value) const;
  /// `v` as a report of a library that is known and is not OpenSSL (LibreSSL, BoringSSL, AWS-LC,
  /// wolfSSL, mbedTLS, GnuTLS, Botan; OtherLibrary) may state it: every class name of the table
  /// becomes NeutralClassName's, and one evidence line says the ranges are OpenSSL's code paths
  /// and, from data/library-changes.csv, whether that release has no assembly for the area on this
  /// architecture at all. Unchanged for OpenSSL, an unknown library and the kernel (ForKernel).
  void NameClassesForLibrary(Verdict& v) const;
  std::string Cpb(const Fingerprint& fp) const { return FormatCpb(fp.cpb_low, fp.cpb_high); }
  /// The class table of this CPU's architecture less the rows of other OpenSSL releases
  /// (ClassesFor with the report's release).
  const std::vector<CpbClass>& Classes() const;
  /// OpenSslSoftwarePaths (verdict_report.cc), and no row of this algorithm and operation left
  /// out for the release: the path that release runs instead (AArch64 CTR's one-block vpaes
  /// before bsaes-armv8 in 3.1.0) has no row, so the software rows no longer bound every path.
  bool SoftwareRowsComplete() const;
  /// The fastest cpb any software class of the algorithm and operation allows (its cpb_low
  /// widened by kCpbTolerance), over the classes of paths the build has; 0 without one.
  double FastestSoftwareCpb() const;

  // "2.57 cpb is AES-NI (aesni_cbc_encrypt)", "12.24 cpb, software, class undetermined (...)",
  // or the rate when no cpb can be given.
  std::string Figure(const Fingerprint& fp, double bytes_per_s) const;
  std::string Headline() const;
  // What the cpb figures rest on, for a verdict that weighs them against an experiment: "the
  // measured core clock 2.50 GHz (dependent-chain probes)" or "a clock range, as no core clock
  // could be trusted (REASON)".
  std::string ClockBasisForCpb() const;
  // `with_class`: false where the class table has no row for what runs (GCM with AES-NI and the
  // 4-bit GHASH), so that a neighbouring class is not named.
  std::string Describe(const Measurement& m, std::string_view label, bool with_class = true) const;
  const Measurement& AsIs() const { return measurements_.front(); }

  // Experiments and their measurements.
  const PathSpec* Spec(const Experiment& e) const;
  // Measurement of experiment i (0-based), or nullptr if the orchestrator passed none.
  const Measurement* MeasurementOf(size_t i) const;
  bool EmulatedPathChange(const Comparison& c) const;
  const Measurement* BaselineOf(const Experiment& e) const;
  std::string BaselineLabel(const Experiment& e) const;
  Comparison CompareExperiment(size_t i) const;
  std::string ExperimentEvidence(size_t i, const Comparison& c) const;
  // A verdict with `reason` in its line ("<alg>: <status>: <reason>.").
  Verdict Make(VerdictStatus status, const std::string& reason) const;

  // The main verdict: as-is checks, environment, no-asm, CPU without the path (verdict.cc).
  Verdict DecideMain();
  Verdict Choose();
  // The least demanding non-GHASH path the CPU itself offers (no library vector), or nullptr:
  // the one every build of the library has (AES-NI rather than VAES for GCM, which 3.0 lacks),
  // so that "expected" figures stay conservative.
  const PathSpec* BaseCpuPath() const;
  std::string KeyFeatureOfLastPath() const;
  bool DecideEnvMasked(Verdict& out) const;
  // The first class of this algorithm and operation that belongs to `path`, or nullptr.
  const CpbClass* PathClass(const PathSpec& path) const;
  Verdict DecideNoAsm() const;
  Verdict DecideWithoutPaths() const;
  // SM4 (Family::kSm4, verdict_paths.h): OpenSSL may run faster code on this CPU and no
  // experiment covers it, so "undetermined" with `figure`; `no_asm`: the build runs generic C
  // here, and whether an assembly build would do better cannot be told.
  Verdict DecideSm4(const std::string& figure, bool no_asm) const;
  // An algorithm OpenSSL has no assembly for on this architecture (data/pk-asm.csv "none" rows:
  // DES-EDE3 on x86-64): "expected", with the source and, where one exists, the faster choice.
  // False when the table has no such row.
  bool DecideNoAssemblyExists(const std::string& figure, Verdict& out) const;
  // A report's algorithm without a capability family (Family::kNone: MD5, DES-EDE3, SHA-3,
  // BLAKE2b, Ed25519, ECDSA P-384): "expected" by DecideNoAssemblyExists. Where a row of
  // data/feature-paths.csv (feature_paths.h) gives the report's library a CPU-feature path on its
  // architecture (on any, when the report names none): "no hardware path" when the report's
  // release is below the row's range, or when the CPU's flags line lacks the flag the path needs;
  // else "undetermined", naming the path. Without a row: "no hardware path" only where that is
  // known (MD5 and DES on x86 and ARM; OpenSSL on x86 and ARM), else "undetermined".
  Verdict DecideReportWithoutFamily(const std::string& figure) const;
  // The report's clue that shows `flag` ("sha3", "des", as a flags line spells it) absent: the
  // CPU's own flag list (a flags/Features line, Solaris' isainfo -v), or an architecture row
  // that lacks it (uname's sun4u); nullptr: no flag, or nothing says the CPU lacks it.
  const CpuFeatureClue* FlagLineLacking(std::string_view flag) const;
  // The CPU's own flag list's clue that shows `flag` present, or nullptr.
  const CpuFeatureClue* FlagLineListing(std::string_view flag) const;
  // Where `row` gives its path's cpb and this figure is at least kPathRuledOutFactor times
  // slower even at kMinPlausibleCoreHz, the sentence that says so ("8.27 MB/s is 24.2 cpb even
  // at 0.2 GHz ..."); "" when the figure does not rule the path out.
  std::string PathRuledOutByFigure(const FeaturePath& row) const;
  // Public-key kinds: the data/pk-asm.csv rows for this algorithm, architecture and OpenSSL
  // release (every release when the version is unknown), as evidence.
  void AddAsmTableEvidence(Verdict& v) const;

  // A report read from text (`doctor --from`; verdict_report.cc): no experiments, so the
  // capability vector, the build and the fingerprint over the clock range decide.
  Verdict DecideFromReport() const;
  // A report of a build without assembly (DoctorFacts::no_asm_build, no_asm_evidence): "NOT
  // accelerated" with the generic C classes alone, whatever the CPU offers; `key` names the
  // path the build cannot take ("AES-NI", "BMI2 and ADX (MULX/ADCX/ADOX)"), "" when none, and
  // `needs` the features it needs (facts.cpu names), stated present or absent when the text
  // shows them all.
  Verdict DecideReportNoAsm(const std::string& figure, const std::string& key,
                            const std::vector<std::string>& needs) const;
  // Public-key figures from a report: no experiment and no sourced ops/s-per-GHz classes, so
  // "cannot tell" which path ran, with what the capability vector offers; but an OpenSSL
  // figure above what generic C reaches at any clock (pk_bounds.h: RSA-2048/3072/4096 sign,
  // ECDSA P-256 sign and verify) is "accelerated", on any CPU.
  Verdict DecideReportPublicKey(const std::string& figure) const;
  // An AES row of a kernel tool settled by KernelAes(): the clock-free ratio, read against what
  // the text shows about the CPU's AES instructions. False when KernelAes() is nullptr.
  bool DecideKernelAes(Verdict& out) const;
  Verdict DecideReportFingerprint(const std::string& key, const std::string& path_name) const;
  void AddReportBuildEvidence(Verdict& v) const;
  // The data/library-changes.csv row of the EVP path on the CPU's own AES instructions
  // (HardwareAesPathRow) when the report shows that path open: an AES family; the path offered by
  // the report's capability vector (`base_available`, not a CPU clue: `from_clues` false), which
  // only a build with assembly prints; an OpenSSL release the row holds; EVP rows (the 1.x
  // low-level API has no such path) and no engine or provider named. nullptr otherwise.
  const LibraryChange* OpenAesPathRow(bool from_clues, bool base_available) const;
  // A software-class figure on a path the vector and the release show open: the build is not the
  // cause, and the report cannot tell what is (contention, a throttled or shared CPU, -elapsed on
  // a busy machine), so "cannot tell", with the mask rerun that would (issue 13, section 5).
  Verdict SlowOnOpenPath(const std::string& hz, const std::string& key,
                         const LibraryChange& row) const;
  // A figure below every class that a slow core's hardware path (data/slow-cores.csv) fits:
  // "cannot tell" whether the CPU is such a core or the `key` path did not run, with the mask
  // rerun that would tell (or the CPU model line). `figure` and `hz` as the caller words them.
  Verdict SlowCoreVerdict(const std::string& figure, const std::string& hz, const std::string& key,
                          const SlowCoreFigure& slow) const;

  // Mask experiments (verdict_experiments.cc).
  Verdict DecideFromExperiments(const PathSpec& cpu_path) const;
  // True when the cpb fingerprint names classes and none of them belongs to the path an
  // experiment proved (`proven`; nullptr: judged by hardware vs software alone).
  bool FingerprintContradicts(const PathSpec* proven) const;
  // A better path the CPU offers that masking showed unused: information, not a problem.
  void AddUnusedPathNote(const Experiment& e, Verdict& v) const;
  Verdict DecideWithoutSlowdown(const std::vector<size_t>& main,
                                const std::vector<Comparison>& comparisons,
                                const std::vector<std::string>& evidence) const;
  // No experiment ran although the CPU offers a path: the library's vector has its bits clear.
  Verdict DecideWithoutExperiments(const PathSpec& cpu_path) const;
  void AddBuildEvidence(const std::vector<std::string_view>& modules,
                        const std::vector<std::string_view>& defines, Verdict& v) const;
  Verdict DecideGhash(size_t i) const;

  const AlgorithmInfo& alg_;
  std::string_view operation_;
  const DoctorFacts& facts_;
  const std::vector<Experiment>& experiments_;
  const std::vector<Measurement>& measurements_;
  double hz_low_, hz_high_;
  bool symmetric_;
  Family family_;
  std::span<const PathSpec> paths_;
  Verdict base_;
  Fingerprint fp_;
  std::vector<std::string> evidence_;  // as-is facts, put first in the main verdict
};

}  // namespace cryptobench::diagnose::verdict_internal
