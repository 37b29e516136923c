#pragma once
// Go's sort.Slice (Go 1.26: sort/slice.go and the pattern-defeating quicksort of
// sort/zsortfunc.go), ported so that elements that compare equal end where Go leaves them.
// sort.Slice is not stable: up to 12 elements it is an insertion sort (which is), beyond that
// ties can move. Karpenter's newPodRequirements takes the first preferred node-affinity term
// after sort.Slice by descending weight, so among equally heavy terms the one it takes is the
// one this sort puts first.
#include <bit>
#include <cstdint>
#include <utility>
#include <vector>

namespace spreadlab::autoscaler::karpenter::gosort {

namespace detail {

// lessSwap over a vector: Less(i, j) compares the elements now at i and j, Swap swaps them.
template <typename T, typename LessFn>
class LessSwap {
 public:
  LessSwap(std::vector<T>& data, LessFn& less) : data_(data), less_(less) {}
  bool Less(int64_t i, int64_t j) const { return less_(data_[i], data_[j]); }
  void Swap(int64_t i, int64_t j) { std::swap(data_[i], data_[j]); }

 private:
  std::vector<T>& data_;
  LessFn& less_;
};

enum class SortedHint { kUnknown, kIncreasing, kDecreasing };

// insertionSort_func
template <typename D>
void InsertionSort(D& data, int64_t a, int64_t b) {
  for (int64_t i = a + 1; i < b; i++) {
    for (int64_t j = i; j > a && data.Less(j, j - 1); j--) data.Swap(j, j - 1);
  }
}

// siftDown_func
template <typename D>
void SiftDown(D& data, int64_t lo, int64_t hi, int64_t first) {
  int64_t root = lo;
  for (;;) {
    int64_t child = 2 * root + 1;
    if (child >= hi) break;
    if (child + 1 < hi && data.Less(first + child, first + child + 1)) child++;
    if (!data.Less(first + root, first + child)) return;
    data.Swap(first + root, first + child);
    root = child;
  }
}

// heapSort_func
template <typename D>
void HeapSort(D& data, int64_t a, int64_t b) {
  const int64_t first = a;
  const int64_t lo = 0;
  const int64_t hi = b - a;
  for (int64_t i = (hi - 1) / 2; i >= 0; i--) SiftDown(data, i, hi, first);
  for (int64_t i = hi - 1; i >= 0; i--) {
    data.Swap(first, first + i);
    SiftDown(data, lo, i, first);
  }
}

// partition_func: returns the pivot's new index and whether data[a:b] was already partitioned.
template <typename D>
std::pair<int64_t, bool> Partition(D& data, int64_t a, int64_t b, int64_t pivot) {
  data.Swap(a, pivot);
  int64_t i = a + 1;
  int64_t j = b - 1;
  while (i <= j && data.Less(i, a)) i++;
  while (i <= j && !data.Less(j, a)) j--;
  if (i > j) {
    data.Swap(j, a);
    return {j, true};
  }
  data.Swap(i, j);
  i++;
  j--;
  for (;;) {
    while (i <= j && data.Less(i, a)) i++;
    while (i <= j && !data.Less(j, a)) j--;
    if (i > j) break;
    data.Swap(i, j);
    i++;
    j--;
  }
  data.Swap(j, a);
  return {j, false};
}

// partitionEqual_func
template <typename D>
int64_t PartitionEqual(D& data, int64_t a, int64_t b, int64_t pivot) {
  data.Swap(a, pivot);
  int64_t i = a + 1;
  int64_t j = b - 1;
  for (;;) {
    while (i <= j && !data.Less(a, i)) i++;
    while (i <= j && data.Less(a, j)) j--;
    if (i > j) break;
    data.Swap(i, j);
    i++;
    j--;
  }
  return i;
}

// partialInsertionSort_func (its inner shift-left loop runs down to index 1, not a+1, as upstream's does).
template <typename D>
bool PartialInsertionSort(D& data, int64_t a, int64_t b) {
  constexpr int kMaxSteps = 5;
  constexpr int64_t kShortestShifting = 50;
  int64_t i = a + 1;
  for (int step = 0; step < kMaxSteps; step++) {
    while (i < b && !data.Less(i, i - 1)) i++;
    if (i == b) return true;
    if (b - a < kShortestShifting) return false;
    data.Swap(i, i - 1);
    if (i - a >= 2) {
      for (int64_t j = i - 1; j >= 1; j--) {
        if (!data.Less(j, j - 1)) break;
        data.Swap(j, j - 1);
      }
    }
    if (b - i >= 2) {
      for (int64_t j = i + 1; j < b; j++) {
        if (!data.Less(j, j - 1)) break;
        data.Swap(j, j - 1);
      }
    }
  }
  return false;
}

// breakPatterns_func, with Go's xorshift seeded by the length and nextPowerOfTwo.
template <typename D>
void BreakPatterns(D& data, int64_t a, int64_t b) {
  const int64_t length = b - a;
  if (length < 8) return;
  uint64_t random = static_cast<uint64_t>(length);
  const uint64_t modulus = uint64_t{1} << std::bit_width(static_cast<uint64_t>(length));
  for (int64_t idx = a + (length / 4) * 2 - 1; idx <= a + (length / 4) * 2 + 1; idx++) {
    random ^= random << 13;
    random ^= random >> 7;
    random ^= random << 17;
    auto other = static_cast<int64_t>(random & (modulus - 1));
    if (other >= length) other -= length;
    data.Swap(idx, a + other);
  }
}

// order2_func + median_func
template <typename D>
int64_t Median(D& data, int64_t a, int64_t b, int64_t c, int& swaps) {
  auto order2 = [&](int64_t& x, int64_t& y) {
    if (data.Less(y, x)) {
      swaps++;
      std::swap(x, y);
    }
  };
  order2(a, b);
  order2(b, c);
  order2(a, b);
  return b;
}

// choosePivot_func (medianAdjacent_func inlined as Median(i-1, i, i+1)).
template <typename D>
std::pair<int64_t, SortedHint> ChoosePivot(D& data, int64_t a, int64_t b) {
  constexpr int64_t kShortestNinther = 50;
  constexpr int kMaxSwaps = 4 * 3;
  const int64_t l = b - a;
  int swaps = 0;
  int64_t i = a + l / 4 * 1;
  int64_t j = a + l / 4 * 2;
  int64_t k = a + l / 4 * 3;
  if (l >= 8) {
    if (l >= kShortestNinther) {
      i = Median(data, i - 1, i, i + 1, swaps);
      j = Median(data, j - 1, j, j + 1, swaps);
      k = Median(data, k - 1, k, k + 1, swaps);
    }
    j = Median(data, i, j, k, swaps);
  }
  if (swaps == 0) return {j, SortedHint::kIncreasing};
  if (swaps == kMaxSwaps) return {j, SortedHint::kDecreasing};
  return {j, SortedHint::kUnknown};
}

// reverseRange_func
template <typename D>
void ReverseRange(D& data, int64_t a, int64_t b) {
  for (int64_t i = a, j = b - 1; i < j; i++, j--) data.Swap(i, j);
}

// pdqsort_func
template <typename D>
void Pdqsort(D& data, int64_t a, int64_t b, int limit) {
  constexpr int64_t kMaxInsertion = 12;
  bool wasBalanced = true;
  bool wasPartitioned = true;
  for (;;) {
    const int64_t length = b - a;
    if (length <= kMaxInsertion) {
      InsertionSort(data, a, b);
      return;
    }
    if (limit == 0) {
      HeapSort(data, a, b);
      return;
    }
    if (!wasBalanced) {
      BreakPatterns(data, a, b);
      limit--;
    }
    auto [pivot, hint] = ChoosePivot(data, a, b);
    if (hint == SortedHint::kDecreasing) {
      ReverseRange(data, a, b);
      pivot = (b - 1) - (pivot - a);
      hint = SortedHint::kIncreasing;
    }
    if (wasBalanced && wasPartitioned && hint == SortedHint::kIncreasing) {
      if (PartialInsertionSort(data, a, b)) return;
    }
    if (a > 0 && !data.Less(a - 1, pivot)) {
      a = PartitionEqual(data, a, b, pivot);
      continue;
    }
    const auto [mid, alreadyPartitioned] = Partition(data, a, b, pivot);
    wasPartitioned = alreadyPartitioned;
    const int64_t leftLen = mid - a;
    const int64_t rightLen = b - mid;
    const int64_t balanceThreshold = length / 8;
    if (leftLen < rightLen) {
      wasBalanced = leftLen >= balanceThreshold;
      Pdqsort(data, a, mid, limit);
      a = mid + 1;
    } else {
      wasBalanced = rightLen >= balanceThreshold;
      Pdqsort(data, mid + 1, b, limit);
      b = mid;
    }
  }
}

}  // namespace detail

// Slice sorts x by less(x[i], x[j]) exactly as Go's sort.Slice(x, less) orders it.
template <typename T, typename LessFn>
void Slice(std::vector<T>& x, LessFn less) {
  detail::LessSwap<T, LessFn> data(x, less);
  const auto length = static_cast<int64_t>(x.size());
  const int limit = std::bit_width(static_cast<uint64_t>(length));
  detail::Pdqsort(data, 0, length, limit);
}

}  // namespace spreadlab::autoscaler::karpenter::gosort
