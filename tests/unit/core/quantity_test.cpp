#include "core/quantity.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <ostream>
#include <string>

namespace spreadlab {
namespace {

constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
constexpr int64_t kMin = std::numeric_limits<int64_t>::min();

const std::string kFormatWrong =
    "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";
const std::string kNumeric = "unable to parse numeric part of quantity";
const std::string kSuffix = "unable to parse quantity's suffix";

struct ValidCase {
  const char* input;
  int64_t value;
  int64_t milli;
};

std::ostream& operator<<(std::ostream& os, const ValidCase& c) { return os << '"' << c.input << '"'; }

// Expected Value()/MilliValue() of the quantities in upstream's TestQuantityParse table
// (apimachinery/pkg/api/resource/quantity_test.go), in its order.
const ValidCase kQuantityParseCases[] = {
    {"0", 0, 0},
    {"0n", 0, 0},
    {"0u", 0, 0},
    {"0m", 0, 0},
    {"0Ki", 0, 0},
    {"0k", 0, 0},
    {"0Mi", 0, 0},
    {"0M", 0, 0},
    {"0Gi", 0, 0},
    {"0G", 0, 0},
    {"0Ti", 0, 0},
    {"0T", 0, 0},
    // Quantity-less numbers
    {"1", 1, 1000},
    // Binary suffixes
    {"1Ki", 1024, 1024000},
    {"8Ki", 8192, 8192000},
    {"7Mi", 7340032, 7340032000},
    {"6Gi", 6442450944, 6442450944000},
    {"5Ti", 5497558138880, 5497558138880000},
    {"4Pi", 4503599627370496, 4503599627370496000},
    {"3Ei", 3458764513820540928, kMax},
    {"10Ti", 10995116277760, 10995116277760000},
    {"100Ti", 109951162777600, 109951162777600000},
    // Decimal suffixes
    {"5n", 1, 1},
    {"4u", 1, 1},
    {"3m", 1, 3},
    {"9", 9, 9000},
    {"8k", 8000, 8000000},
    {"50k", 50000, 50000000},
    {"7M", 7000000, 7000000000},
    {"6G", 6000000000, 6000000000000},
    {"5T", 5000000000000, 5000000000000000},
    {"40T", 40000000000000, 40000000000000000},
    {"300T", 300000000000000, 300000000000000000},
    {"2P", 2000000000000000, 2000000000000000000},
    {"1E", 1000000000000000000, kMax},
    // Decimal exponents
    {"1E-3", 1, 1},
    {"1e3", 1000, 1000000},
    {"1E6", 1000000, 1000000000},
    {"1e9", 1000000000, 1000000000000},
    {"1E12", 1000000000000, 1000000000000000},
    {"1e15", 1000000000000000, 1000000000000000000},
    {"1E18", 1000000000000000000, kMax},
    // Nonstandard but still parsable
    {"1e14", 100000000000000, 100000000000000000},
    {"1e13", 10000000000000, 10000000000000000},
    {"100.035k", 100035, 100035000},
    // Things that look like floating point
    {"0.001", 1, 1},
    {"0.0005k", 1, 500},
    {"0.005", 1, 5},
    {"0.05", 1, 50},
    {"0.5", 1, 500},
    {"0.00050k", 1, 500},
    {"0.00500", 1, 5},
    {"0.05000", 1, 50},
    {"0.50000", 1, 500},
    {"0.5e0", 1, 500},
    {"0.5e-1", 1, 50},
    {"0.5e-2", 1, 5},
    {"10.035M", 10035000, 10035000000},
    {"1.2e3", 1200, 1200000},
    {"1.3E+6", 1300000, 1300000000},
    {"1.40e9", 1400000000, 1400000000000},
    {"1.53E12", 1530000000000, 1530000000000000},
    {"1.6e15", 1600000000000000, 1600000000000000000},
    {"1.7E18", 1700000000000000000, kMax},
    {"9.01", 10, 9010},
    {"8.1k", 8100, 8100000},
    {"7.123456M", 7123456, 7123456000},
    {"6.987654321G", 6987654321, 6987654321000},
    {"5.444T", 5444000000000, 5444000000000000},
    {"40.1T", 40100000000000, 40100000000000000},
    {"300.2T", 300200000000000, 300200000000000000},
    {"2.5P", 2500000000000000, 2500000000000000000},
    {"1.01E", 1010000000000000000, kMax},
    // Things that saturate/round
    {"3.001n", 1, 1},
    {"1.1E-9", 1, 1},
    {"0.0000000001", 1, 1},
    {"0.0000000005", 1, 1},
    {"0.00000000050", 1, 1},
    {"0.5e-9", 1, 1},
    {"0.9n", 1, 1},
    {"0.00000012345", 1, 1},
    {"0.00000012354", 1, 1},
    {"9Ei", kMax, kMax},
    {"9223372036854775807Ki", kMax, kMax},
    {"12E", kMax, kMax},
    // Fractional binary quantities
    {"100.035Ki", 102436, 102435840},
    {"0.5Mi", 524288, 524288000},
    {"0.05Gi", 53687092, 53687091200},
    {"0.025Ti", 27487790695, 27487790694400},
    // Things written by trolls
    {"0.000000000001Ki", 1, 1},
    {".001", 1, 1},
    {".0001k", 1, 100},
    {"1.", 1, 1000},
    {"1.G", 1000000000, 1000000000000},
};

// Edge cases from upstream's other tests: TestParseQuantityString (digit-less mantissas
// read as zero), TestQuantityRoundUp and TestQuantityParseEmit (rounding),
// quantity_overflow_test.go (saturation) and quantity_subnano_test.go (extreme exponents).
const ValidCase kEdgeCases[] = {
    {".", 0, 0},
    {"-.", 0, 0},
    {"+", 0, 0},
    {"-", 0, 0},
    {"e3", 0, 0},
    {"Ki", 0, 0},
    {"-9.01", -10, -9010},
    {"-0.5m", -1, -1},
    {"-100m", -1, -100},
    {".000000000001Ki", 1, 1},
    {"-1024Mi", -1073741824, -1073741824000},
    {"9223372036854775807", kMax, kMax},
    {"9223372036854775808", kMax, kMax},
    {"18446744073709551616", kMax, kMax},
    {"-9223372036854775807", kMin + 1, kMin},
    {"-9223372036854775808", kMin, kMin},
    {"-9223372036854775809", kMin, kMin},
    {"100E", kMax, kMax},
    {"1e100", kMax, kMax},
    {"-1e30", kMin, kMin},
    {"8Ei", kMax, kMax},
    {"-8Ei", -kMax, kMin},
    {"-20Ei", -kMax, kMin},
    {"9999999999999999999Ei", kMax, kMax},
    {"-9.5Gi", -10200547328, -10200547328000},
    {"-9.5000000001Gi", -10200547329, -10200547328108},
    {"1e-100", 1, 1},
    {"-1e-100", -1, -1},
    {"1e-2147483647", 1, 1},
    {"1e-2147483648", 1, 1},  // current master rejects this one pending a TODO; the grammar allows it
    {"1e2147483647", kMax, kMax},
    {"1000000000000000000001e-30", 1, 1},
    {"0e-2147483647", 0, 0},
    {"0.0e-100", 0, 0},
    {"000123.4500m", 1, 124},
    {"1.5Gi", 1610612736, 1610612736000},
    {"2e3", 2000, 2000000},
};

class QuantityParseTest : public ::testing::TestWithParam<ValidCase> {};

TEST_P(QuantityParseTest, ParsesToExpectedValues) {
  const ValidCase& c = GetParam();
  std::string error = "unchanged";
  const auto q = ParseQuantity(c.input, &error);
  ASSERT_TRUE(q.has_value()) << error;
  EXPECT_EQ(q->value, c.value);
  EXPECT_EQ(q->milli, c.milli);
  EXPECT_EQ(error, "unchanged") << "error must only be written on failure";
}

INSTANTIATE_TEST_SUITE_P(UpstreamTable, QuantityParseTest, ::testing::ValuesIn(kQuantityParseCases));
INSTANTIATE_TEST_SUITE_P(EdgeCases, QuantityParseTest, ::testing::ValuesIn(kEdgeCases));

// Upstream reruns its table with an explicit "+" and with "-" prepended. Rounding is
// symmetric in magnitude, so a negated view is the negated positive one unless it clamped.
TEST(QuantityTest, SignPrefixesMirrorUpstreamTable) {
  for (const ValidCase& c : kQuantityParseCases) {
    SCOPED_TRACE(c.input);
    const std::string input = c.input;
    const auto plus = ParseQuantity("+" + input);
    ASSERT_TRUE(plus.has_value());
    EXPECT_EQ(plus->value, c.value);
    EXPECT_EQ(plus->milli, c.milli);
    const auto minus = ParseQuantity("-" + input);
    ASSERT_TRUE(minus.has_value());
    if (c.value != kMax) {
      EXPECT_EQ(minus->value, -c.value);
    }
    if (c.milli != kMax) {
      EXPECT_EQ(minus->milli, -c.milli);
    }
  }
}
struct InvalidCase {
  const char* input;
  const std::string* error;
};

std::ostream& operator<<(std::ostream& os, const InvalidCase& c) { return os << '"' << c.input << '"'; }

// The invalid list of upstream's TestQuantityParse, then inputs from
// TestQuantityParseNonNumericPanic, TestQuantityValueSet and quantity_overflow_test.go,
// then further malformed spellings.
const InvalidCase kInvalidCases[] = {
    {"", &kFormatWrong},
    {"1.1.M", &kFormatWrong},
    {"1+1.0M", &kFormatWrong},
    {"0.1mi", &kSuffix},
    {"0.1am", &kFormatWrong},
    {"aoeu", &kFormatWrong},
    {".5i", &kSuffix},
    {"1i", &kSuffix},
    {"-3.01i", &kSuffix},
    {"-3.01e-", &kSuffix},
    {" 1", &kFormatWrong},
    {"1 ", &kFormatWrong},
    {"Non-Numeric", &kFormatWrong},
    {"invalid", &kFormatWrong},
    {"1e4294967297", &kSuffix},  // older releases wrapped this to 1e1
    {"1e2147483648", &kSuffix},
    {"1e-2147483649", &kSuffix},
    {"1Z", &kFormatWrong},
    {"1kb", &kFormatWrong},
    {"1KiB", &kFormatWrong},
    {"1 Gi", &kFormatWrong},
    {"1.2.3", &kFormatWrong},
    {"1e3.5", &kFormatWrong},
    {"1e+-3", &kFormatWrong},
    {"--1", &kSuffix},
    {"1e", &kSuffix},
    {"1ee3", &kSuffix},
    {"1k3", &kSuffix},
    {"1K", &kSuffix},
    {"1ki", &kSuffix},
    {"-Ei", &kNumeric},
    {".Pi", &kNumeric},
    {"e-10", &kNumeric},
};

class QuantityInvalidTest : public ::testing::TestWithParam<InvalidCase> {};

TEST_P(QuantityInvalidTest, IsRejectedWithUpstreamError) {
  const InvalidCase& c = GetParam();
  std::string error;
  EXPECT_FALSE(ParseQuantity(c.input, &error).has_value());
  EXPECT_EQ(error, *c.error);
  EXPECT_FALSE(ParseQuantity(c.input).has_value()) << "a null error pointer must be accepted";
}

INSTANTIATE_TEST_SUITE_P(Upstream, QuantityInvalidTest, ::testing::ValuesIn(kInvalidCases));

TEST(QuantityTest, LongMantissaIsExact) {
  const std::string digits(400, '9');
  const auto big = ParseQuantity(digits + "e-398");  // 99.99...9 -> rounds up to 100
  ASSERT_TRUE(big.has_value());
  EXPECT_EQ(big->value, 100);
  EXPECT_EQ(big->milli, 100000);
  const auto binary = ParseQuantity("0." + std::string(300, '0') + "1Ei");
  ASSERT_TRUE(binary.has_value());
  EXPECT_EQ(binary->value, 1);
  EXPECT_EQ(binary->milli, 1);
}

}  // namespace
}  // namespace spreadlab
