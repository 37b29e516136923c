// Upstream tables for label selectors (core/labels.h) and node selector / node
// affinity matching (core/corev1/nodeaffinity.h), ported from kubernetes/kubernetes:
//
//  Section 1, staging/src/k8s.io/apimachinery/pkg/labels/selector_test.go
//    at commit 86b3ca48ea108bf601e7dac30684ca9b1308c488:
//    TestEverything, TestSelectorMatches, TestSetMatches, TestNilMapIsValid,
//    TestSetIsEmpty, TestRequirementConstructor (as node selector term validity),
//    TestToString, TestRequirementSelectorMatching, TestAdd.
//    Not ported: the string parser/lexer tests (TestSelectorParse,
//    TestDeterministicParse, TestLexer, TestLexerSequence, TestParserLookahead,
//    TestSetSelectorParser), TestSafeSort, TestRequiresExactMatch and
//    TestValidatedSelectorFromSet: spreadlab has no selector parser and no such
//    functions. Selector strings of TestSelectorMatches are turned into
//    requirements by ParseSimple below (a test-only helper covering the
//    "k=v", "k!=v", "k", "!k", "k>n", "k<n" forms those cases use).
//
//  Section 2, staging/src/k8s.io/component-helpers/scheduling/corev1/nodeaffinity/nodeaffinity_test.go
//    at commit 2d58ef7868e6efda493e876aeaf72fb7dfea7c44:
//    TestNodeSelectorMatch, TestPreferredSchedulingTermsScore,
//    TestNodeSelectorRequirementsAsSelector, TestPodMatchesNodeSelectorAndAffinityTerms
//    (upstream has no TestRequiredNodeAffinityMatch; this last one is the table
//    for RequiredNodeAffinity.Match).
//
//  Section 3, staging/src/k8s.io/component-helpers/scheduling/corev1/helpers_test.go
//    at commit 650c573d625b84cf47f891659adf2d6c2ec71e7a: TestMatchNodeSelectorTerms.
//
// Upstream's errors (NewNodeSelector, NewPreferredSchedulingTerms) become
// NodeSelectorTerm::parseErrors here: spreadlab compiles a bad term into one that
// never matches instead of returning an error.

// Cases leave the fields they do not set at their defaults.
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "core/corev1/nodeaffinity.h"
#include "core/corev1/selectors.h"
#include "core/labels.h"
#include "testing/wrappers.h"

namespace spreadlab {
namespace {

using testing::MakePod;

// ---------------------------------------------------------------------------
// Section 1: k8s.io/apimachinery/pkg/labels selector_test.go
// ---------------------------------------------------------------------------

// labels.Parse for the simple forms TestSelectorMatches uses.
Selector ParseSimple(const std::string& s, StringPool& pool) {
  Selector sel;
  size_t start = 0;
  while (start < s.size()) {
    size_t end = s.find(',', start);
    if (end == std::string::npos) end = s.size();
    std::string part = s.substr(start, end - start);
    start = end + 1;
    if (part.empty()) continue;
    if (part[0] == '!') {
      sel.Add(MakeRequirement(part.substr(1), SelOp::DoesNotExist, {}, pool));
    } else if (auto p = part.find("!="); p != std::string::npos) {
      sel.Add(MakeRequirement(part.substr(0, p), SelOp::NotIn, {part.substr(p + 2)}, pool));  // selection.NotEquals
    } else if (auto p = part.find('='); p != std::string::npos) {
      sel.Add(MakeRequirement(part.substr(0, p), SelOp::In, {part.substr(p + 1)}, pool));  // selection.Equals
    } else if (auto p = part.find('>'); p != std::string::npos) {
      sel.Add(MakeRequirement(part.substr(0, p), SelOp::Gt, {part.substr(p + 1)}, pool));
    } else if (auto p = part.find('<'); p != std::string::npos) {
      sel.Add(MakeRequirement(part.substr(0, p), SelOp::Lt, {part.substr(p + 1)}, pool));
    } else {
      sel.Add(MakeRequirement(part, SelOp::Exists, {}, pool));
    }
  }
  return sel;
}

bool Matches(const std::string& selector, const v1::LabelMap& ls) {
  StringPool pool;
  LabelSet set = MakeLabelSet(ls, pool);
  return ParseSimple(selector, pool).Matches(set, pool);
}

TEST(LabelsSelectorTest, TestEverything) {
  StringPool pool;
  EXPECT_TRUE(Selector::Everything().Matches(MakeLabelSet({{"x", "y"}}, pool), pool)) << "Nil selector didn't match";
  EXPECT_TRUE(Selector::Everything().Empty()) << "Everything was not empty";
}

struct MatchCase {
  std::string selector;
  v1::LabelMap set;
  bool match;
};

TEST(LabelsSelectorTest, TestSelectorMatches) {
  const v1::LabelMap labelset = {{"foo", "bar"}, {"baz", "blah"}};
  std::vector<MatchCase> cases = {
      {"", {{"x", "y"}}, true},
      {"x=y", {{"x", "y"}}, true},
      {"x=y,z=w", {{"x", "y"}, {"z", "w"}}, true},
      {"x!=y,z!=w", {{"x", "z"}, {"z", "a"}}, true},
      {"notin=in", {{"notin", "in"}}, true},  // in and notin in exactMatch
      {"x", {{"x", "z"}}, true},
      {"!x", {{"y", "z"}}, true},
      {"x>1", {{"x", "2"}}, true},
      {"x<1", {{"x", "0"}}, true},
      {"x=z", {}, false},
      {"x=y", {{"x", "z"}}, false},
      {"x=y,z=w", {{"x", "w"}, {"z", "w"}}, false},
      {"x!=y,z!=w", {{"x", "z"}, {"z", "w"}}, false},
      {"x", {{"y", "z"}}, false},
      {"!x", {{"x", "z"}}, false},
      {"x>1", {{"x", "0"}}, false},
      {"x<1", {{"x", "2"}}, false},

      {"foo=bar", labelset, true},
      {"baz=blah", labelset, true},
      {"foo=bar,baz=blah", labelset, true},
      {"foo=blah", labelset, false},
      {"baz=bar", labelset, false},
      {"foo=bar,foobar=bar,baz=blah", labelset, false},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE((c.match ? "expectMatch " : "expectNoMatch ") + c.selector);
    EXPECT_EQ(Matches(c.selector, c.set), c.match);
  }
}

TEST(LabelsSelectorTest, TestSetMatches) {
  const v1::LabelMap labelset = {{"foo", "bar"}, {"baz", "blah"}};
  std::vector<v1::LabelMap> selectors = {
      {},
      {{"foo", "bar"}},
      {{"baz", "blah"}},
      {{"foo", "bar"}, {"baz", "blah"}},
  };
  for (const auto& sel : selectors) {
    StringPool pool;
    LabelSet set = MakeLabelSet(labelset, pool);
    EXPECT_TRUE(SelectorFromSet(sel, pool).Matches(set, pool));  // expectMatchDirect
  }
}

TEST(LabelsSelectorTest, TestNilMapIsValid) {
  StringPool pool;
  Selector selector = SelectorFromSet(v1::LabelMap{}, pool);
  EXPECT_FALSE(selector.IsNothing()) << "Selector for nil set should be Everything";
  EXPECT_TRUE(selector.Empty()) << "Selector for nil set should be Empty";
}

TEST(LabelsSelectorTest, TestSetIsEmpty) {
  StringPool pool;
  EXPECT_TRUE(SelectorFromSet(v1::LabelMap{}, pool).Empty()) << "Empty set should be empty";
  EXPECT_TRUE(Selector().Empty()) << "Nil Selector should be empty";
}

// labels.NewRequirement's validity, observed through the node selector term
// compiler (an invalid requirement makes the term a parse error).
struct RequirementConstructorCase {
  std::string key;
  std::string op;
  std::vector<std::string> vals;
  bool success;
};

std::vector<RequirementConstructorCase> RequirementConstructorCases() {
  return {
      {"x", "In", {}, false},
      {"x", "NotIn", {}, false},
      {"x", "In", {"foo"}, true},
      {"x", "NotIn", {"foo"}, true},
      {"x", "Exists", {}, true},
      {"x", "DoesNotExist", {}, true},
      {"1foo", "In", {"bar"}, true},
      {"1234", "In", {"bar"}, true},
      {"y", "Gt", {"1"}, true},
      {"z", "Lt", {"6"}, true},
      {"foo", "Gt", {"bar"}, false},
      {"barz", "Lt", {"blah"}, false},
      {std::string(254, 'a'), "Exists", {}, false},  // breaks DNS rule that len(key) <= 253
  };
}

void RunRequirementConstructorCase(const RequirementConstructorCase& rc) {
  StringPool pool;
  v1::NodeSelectorTerm term;
  term.matchExpressions = {{rc.key, rc.op, rc.vals}};
  NodeSelectorTerm t = CompileNodeSelectorTerm(term, pool, "");
  EXPECT_EQ(t.parseErrors.empty(), rc.success) << "key " << rc.key.substr(0, 16) << " op " << rc.op;
}

TEST(LabelsSelectorTest, TestRequirementConstructor) {
  for (const auto& rc : RequirementConstructorCases()) {
    SCOPED_TRACE(rc.key.substr(0, 16) + " " + rc.op);
    RunRequirementConstructorCase(rc);
  }
}

// labels.Selector.String().
struct ToStringCase {
  std::vector<std::tuple<std::string, SelOp, std::vector<std::string>>> in;
  std::string out;
};

std::vector<ToStringCase> ToStringCases() {
  return {
      {{{"x", SelOp::In, {"abc", "def"}}, {"y", SelOp::NotIn, {"jkl"}}, {"z", SelOp::Exists, {}}},
       "x in (abc,def),y notin (jkl),z"},
      // Upstream builds y with selection.NotEquals ("y!=jkl"); metav1 selectors
      // cannot express != (a NotIn is used instead), so the NotIn form is expected.
      {{{"x", SelOp::NotIn, {"abc", "def"}}, {"y", SelOp::NotIn, {"jkl"}},
        {"z", SelOp::DoesNotExist, {}}},
       "x notin (abc,def),y notin (jkl),!z"},
      // {x in (abc,def), <empty Requirement>} => "x in (abc,def),": not representable (no empty requirement).
      {{{"x", SelOp::NotIn, {"abc"}}, {"y", SelOp::In, {"jkl", "mno"}}, {"z", SelOp::NotIn, {""}}},
       "x notin (abc),y in (jkl,mno),z notin ()"},
      // {x=abc, y==jkl, z!=a, z} => "x=abc,y==jkl,z!=a,z": selection.DoubleEquals has no counterpart.
      {{{"x", SelOp::Gt, {"2"}}, {"y", SelOp::Lt, {"8"}}, {"z", SelOp::Exists, {}}}, "x>2,y<8,z"},
  };
}

void RunToStringCase(const ToStringCase& ts) {
  StringPool pool;
  Selector sel;
  for (const auto& [k, op, vals] : ts.in) sel.Add(MakeRequirement(k, op, vals, pool));
  EXPECT_EQ(SelectorString(sel, pool), ts.out);
}

TEST(LabelsSelectorTest, TestToString) {
  for (const auto& ts : ToStringCases()) {
    SCOPED_TRACE(ts.out);
    RunToStringCase(ts);
  }
}

struct RequirementMatchingCase {
  v1::LabelMap set;
  std::vector<std::tuple<std::string, SelOp, std::vector<std::string>>> sel;
  bool match;
};

TEST(LabelsSelectorTest, TestRequirementSelectorMatching) {
  std::vector<RequirementMatchingCase> cases = {
      // {Set{"x": "foo", "y": "baz"}, &internalSelector{req}, false}: an empty Requirement
      // (operator "") is not representable here.
      {{{"x", "foo"}, {"y", "baz"}}, {{"x", SelOp::In, {"foo"}}, {"y", SelOp::NotIn, {"alpha"}}}, true},
      {{{"x", "foo"}, {"y", "baz"}}, {{"x", SelOp::In, {"foo"}}, {"y", SelOp::In, {"alpha"}}}, false},
      {{{"y", ""}}, {{"x", SelOp::NotIn, {""}}, {"y", SelOp::Exists, {}}}, true},
      {{{"y", ""}}, {{"x", SelOp::DoesNotExist, {}}, {"y", SelOp::Exists, {}}}, true},
      {{{"y", ""}}, {{"x", SelOp::NotIn, {""}}, {"y", SelOp::DoesNotExist, {}}}, false},
      {{{"y", "baz"}}, {{"x", SelOp::In, {""}}}, false},
      {{{"z", "2"}}, {{"z", SelOp::Gt, {"1"}}}, true},
      {{{"z", "v2"}}, {{"z", SelOp::Gt, {"1"}}}, false},
  };
  for (size_t i = 0; i < cases.size(); ++i) {
    const auto& lsm = cases[i];
    SCOPED_TRACE("case " + std::to_string(i));
    StringPool pool;
    LabelSet set = MakeLabelSet(lsm.set, pool);
    Selector sel;
    for (const auto& [k, op, vals] : lsm.sel) sel.Add(MakeRequirement(k, op, vals, pool));
    EXPECT_EQ(sel.Matches(set, pool), lsm.match);
  }
}

// internalSelector.Add keeps requirements sorted by key.
TEST(LabelsSelectorTest, TestAdd) {
  struct AddCase {
    std::string name;
    std::vector<std::tuple<std::string, SelOp, std::vector<std::string>>> sel;
    std::tuple<std::string, SelOp, std::vector<std::string>> add;
    std::vector<std::string> refKeys;
  };
  std::vector<AddCase> testCases = {
      {"keyInOperator", {}, {"key", SelOp::In, {"value"}}, {"key"}},
      {"keyEqualsOperator", {{"key", SelOp::In, {"value"}}}, {"key2", SelOp::In, {"value2"}}, {"key", "key2"}},
  };
  for (const auto& ts : testCases) {
    SCOPED_TRACE(ts.name);
    StringPool pool;
    Selector sel;
    for (const auto& [k, op, vals] : ts.sel) sel.Add(MakeRequirement(k, op, vals, pool));
    const auto& [k, op, vals] = ts.add;
    sel.Add(MakeRequirement(k, op, vals, pool));
    std::vector<std::string> keys;
    for (const auto& r : sel.Requirements()) keys.push_back(pool.Str(r.key));
    EXPECT_EQ(keys, ts.refKeys);
  }
}

// Like upstream (internalSelector.Add, labels.Parse: TestSetSelectorParser's case
// "x,y in (a)" comes out as x then y), requirements are sorted by key text, not
// by the order the string pool interned the keys in.
TEST(LabelsSelectorTest, SelectorAdd_SortsByKeyStringNotInternOrder) {
  StringPool pool;
  pool.Intern("y");  // e.g. a node label seen before the selector
  Selector sel;
  sel.Add(MakeRequirement("x", SelOp::Exists, {}, pool));
  sel.Add(MakeRequirement("y", SelOp::Exists, {}, pool));
  EXPECT_EQ(SelectorString(sel, pool), "x,y");
}

// ---------------------------------------------------------------------------
// Section 2: k8s.io/component-helpers/scheduling/corev1/nodeaffinity nodeaffinity_test.go
// ---------------------------------------------------------------------------

using Reqs = std::vector<v1::NodeSelectorRequirement>;

v1::NodeSelectorRequirement Req(std::string key, std::string op, std::vector<std::string> values = {}) {
  return v1::NodeSelectorRequirement{std::move(key), std::move(op), std::move(values)};
}
v1::NodeSelectorTerm Term(Reqs exprs, Reqs fields = {}) { return v1::NodeSelectorTerm{std::move(exprs), std::move(fields)}; }

// nodeaffinity.NodeSelector.Match (terms ORed), via RequiredNodeAffinity.
bool NodeSelectorMatches(const std::vector<v1::NodeSelectorTerm>& terms, const std::string& nodeName,
                         const v1::LabelMap& labels, std::vector<bool>* parseErrors = nullptr) {
  StringPool pool;
  RequiredNodeAffinity r;
  r.affinityTerms.emplace();
  for (const auto& t : terms) {
    r.affinityTerms->push_back(CompileNodeSelectorTerm(t, pool, ""));
    if (parseErrors) parseErrors->push_back(!r.affinityTerms->back().parseErrors.empty());
  }
  LabelSet set = MakeLabelSet(labels, pool);
  NodeView view{set, pool.Intern(nodeName)};
  return r.Match(view, pool);
}

struct NodeSelectorMatchCase {
  std::string name;
  std::vector<v1::NodeSelectorTerm> nodeSelector;
  std::string nodeName;
  v1::LabelMap nodeLabels;
  std::optional<std::vector<bool>> wantErr;  // per term: a parse error (upstream: NewNodeSelector's error)
  bool wantMatch = false;
};

std::vector<NodeSelectorMatchCase> NodeSelectorMatchCases() {
  return {
      // "nil node": a nil *v1.Node has no counterpart here.
      {
          .name = "invalid field selector and label selector",
          .nodeSelector = {Term({}, {Req("metadata.name", "In", {"host_1", "host_2"})}),
                           Term({Req("label_1", "In", {"label_1_val"})}, {Req("metadata.name", "In", {"host_1"})}),
                           Term({Req("invalid key", "In", {"label_value"})})},
          // nodeSelectorTerms[0].matchFields[0].values: must have one element;
          // nodeSelectorTerms[2].matchExpressions[0].key: name part must consist of alphanumeric characters...
          .wantErr = std::vector<bool>{true, false, true},
      },
      {
          .name = "node matches field selector, but not labels",
          .nodeSelector = {Term({Req("label_1", "In", {"label_1_val"})}, {Req("metadata.name", "In", {"host_1"})})},
          .nodeName = "host_1",
      },
      {
          .name = "node matches field selector and label selector",
          .nodeSelector = {Term({Req("label_1", "In", {"label_1_val"})}, {Req("metadata.name", "In", {"host_1"})})},
          .nodeName = "host_1",
          .nodeLabels = {{"label_1", "label_1_val"}},
          .wantMatch = true,
      },
      {
          .name = "second term matches",
          .nodeSelector = {Term({Req("label_1", "In", {"label_1_val"})}), Term({}, {Req("metadata.name", "In", {"host_1"})})},
          .nodeName = "host_1",
          .wantMatch = true,
      },
  };
}

void RunNodeSelectorMatchCase(const NodeSelectorMatchCase& tt) {
  std::vector<bool> parseErrors;
  bool match = NodeSelectorMatches(tt.nodeSelector, tt.nodeName, tt.nodeLabels, &parseErrors);
  if (tt.wantErr) {
    EXPECT_EQ(parseErrors, *tt.wantErr) << "NewNodeSelector returned unexpected error";
    return;
  }
  EXPECT_EQ(parseErrors, std::vector<bool>(tt.nodeSelector.size(), false));
  EXPECT_EQ(match, tt.wantMatch) << "NodeSelector.Match";
}

TEST(NodeAffinityHelpersTest, TestNodeSelectorMatch) {
  for (const auto& tt : NodeSelectorMatchCases()) {
    SCOPED_TRACE(tt.name);
    RunNodeSelectorMatchCase(tt);
  }
}

struct PreferredScoreCase {
  std::string name;
  std::vector<std::pair<int32_t, v1::NodeSelectorTerm>> prefSchedTerms;
  std::string nodeName;
  v1::LabelMap nodeLabels;
  bool wantErr = false;  // upstream: NewPreferredSchedulingTerms fails
  int64_t wantScore = 0;
};

std::vector<PreferredScoreCase> PreferredScoreCases() {
  return {
      {
          .name = "invalid field selector and label selector",
          .prefSchedTerms = {{1, Term({}, {Req("metadata.name", "In", {"host_1", "host_2"})})},
                             {1, Term({Req("label_1", "In", {"label_1_val"})}, {Req("metadata.name", "In", {"host_1"})})},
                             {1, Term({Req("invalid key", "In", {"label_value"})})}},
          // [0].matchFields[0].values: must have one element;
          // [2].matchExpressions[0].key: name part must consist of alphanumeric characters...
          .wantErr = true,
      },
      {
          .name = "invalid field selector but no weight, error not reported",
          .prefSchedTerms = {{0, Term({}, {Req("metadata.name", "In", {"host_1", "host_2"})})}},
          .nodeName = "host_1",
      },
      {
          .name = "first and third term match",
          .prefSchedTerms = {{5, Term({}, {Req("metadata.name", "In", {"host_1"})})},
                             {7, Term({Req("unknown_label", "In", {"unknown_label_val"})})},
                             {11, Term({Req("label_1", "In", {"label_1_val"})})}},
          .nodeName = "host_1",
          .nodeLabels = {{"label_1", "label_1_val"}},
          .wantScore = 16,
      },
  };
}

void RunPreferredScoreCase(const PreferredScoreCase& tt) {
  testing::PodWrapper w = MakePod().Name("pod");
  for (const auto& [weight, term] : tt.prefSchedTerms) w.PreferredTerm(weight, term.matchExpressions, term.matchFields);
  v1::Pod pod = w.Obj();
  StringPool pool;
  std::string error;
  auto terms = GetPodPreferredNodeAffinity(pod, pool, &error);
  if (tt.wantErr) {
    // NewPreferredSchedulingTerms fails, naming every invalid term ([0] and [2]).
    EXPECT_FALSE(terms.has_value());
    EXPECT_NE(error.find("[0].matchFields[0]"), std::string::npos) << error;
    EXPECT_EQ(error.find("[1]."), std::string::npos) << error;
    EXPECT_NE(error.find("[2].matchExpressions[0]"), std::string::npos) << error;
    return;
  }
  ASSERT_TRUE(terms.has_value()) << error;
  LabelSet set = MakeLabelSet(tt.nodeLabels, pool);
  NodeView view{set, pool.Intern(tt.nodeName)};
  EXPECT_EQ(terms->Score(view, pool), tt.wantScore);
}

TEST(NodeAffinityHelpersTest, TestPreferredSchedulingTermsScore) {
  for (const auto& tt : PreferredScoreCases()) {
    SCOPED_TRACE(tt.name);
    RunPreferredScoreCase(tt);
  }
}

// nodeSelectorRequirementsAsSelector, observed through CompileNodeSelectorTerm on
// a term holding only matchExpressions.
TEST(NodeAffinityHelpersTest, TestNodeSelectorRequirementsAsSelector) {
  const Reqs matchExpressions = {Req("foo", "In", {"bar", "baz"})};
  struct Case {
    Reqs in;
    std::optional<std::string> out;  // selector string; nullopt: labels.Nothing()
    bool wantErr = false;
  };
  std::vector<Case> tc = {
      {{}, std::nullopt},  // in: nil
      {{}, std::nullopt},  // in: []v1.NodeSelectorRequirement{}
      {matchExpressions, "foo in (bar,baz)"},  // mustParse("foo in (baz,bar)")
      // root[0].values: values set must be empty for exists and does not exist
      {{Req("foo", "Exists", {"bar", "baz"})}, std::nullopt, true},
      {{Req("foo", "Gt", {"1"})}, "foo>1"},
      {{Req("bar", "Lt", {"7"})}, "bar<7"},
  };
  for (size_t i = 0; i < tc.size(); ++i) {
    SCOPED_TRACE("[" + std::to_string(i) + "]");
    StringPool pool;
    NodeSelectorTerm t = CompileNodeSelectorTerm(Term(tc[i].in), pool, "");
    EXPECT_EQ(!t.parseErrors.empty(), tc[i].wantErr);
    if (tc[i].wantErr) continue;
    if (!tc[i].out) {
      // labels.Nothing(): the term matches no node.
      LabelSet empty;
      EXPECT_FALSE(t.Match(NodeView{empty, pool.Intern("n")}, pool));
      continue;
    }
    ASSERT_TRUE(t.matchLabels.has_value());
    EXPECT_EQ(SelectorString(*t.matchLabels, pool), *tc[i].out);
  }
}

struct RequiredAffinityCase {
  std::string name;
  v1::Pod pod;
  v1::LabelMap labels;
  std::string nodeName;
  bool want = false;
};

v1::Pod PodWithRequiredTerms(std::vector<v1::NodeSelectorTerm> terms) {
  v1::Pod p = MakePod().Name("pod").Obj();
  p.spec.affinity.emplace();
  p.spec.affinity->nodeAffinity.emplace();
  p.spec.affinity->nodeAffinity->requiredDuringSchedulingIgnoredDuringExecution.emplace();
  p.spec.affinity->nodeAffinity->requiredDuringSchedulingIgnoredDuringExecution->nodeSelectorTerms = std::move(terms);
  return p;
}

std::vector<RequiredAffinityCase> RequiredAffinityCases() {
  v1::Pod nilRequired = MakePod().Name("pod").Obj();
  nilRequired.spec.affinity.emplace();
  nilRequired.spec.affinity->nodeAffinity.emplace();
  return {
      {.name = "no selector", .pod = MakePod().Name("pod").Obj(), .want = true},
      {.name = "missing labels", .pod = MakePod().Name("pod").NodeSelector({{"foo", "bar"}}).Obj(), .want = false},
      {.name = "same labels",
       .pod = MakePod().Name("pod").NodeSelector({{"foo", "bar"}}).Obj(),
       .labels = {{"foo", "bar"}},
       .want = true},
      {.name = "node labels are superset",
       .pod = MakePod().Name("pod").NodeSelector({{"foo", "bar"}}).Obj(),
       .labels = {{"foo", "bar"}, {"baz", "blah"}},
       .want = true},
      {.name = "node labels are subset",
       .pod = MakePod().Name("pod").NodeSelector({{"foo", "bar"}, {"baz", "blah"}}).Obj(),
       .labels = {{"foo", "bar"}},
       .want = false},
      {.name = "Pod with matchExpressions using In operator that matches the existing node",
       .pod = PodWithRequiredTerms({Term({Req("foo", "In", {"bar", "value2"})})}),
       .labels = {{"foo", "bar"}},
       .want = true},
      {.name = "Pod with matchExpressions using Gt operator that matches the existing node",
       .pod = PodWithRequiredTerms({Term({Req("kernel-version", "Gt", {"0204"})})}),
       // We use two digit to denote major version and two digit for minor version.
       .labels = {{"kernel-version", "0206"}},
       .want = true},
      {.name = "Pod with matchExpressions using NotIn operator that matches the existing node",
       .pod = PodWithRequiredTerms({Term({Req("mem-type", "NotIn", {"DDR", "DDR2"})})}),
       .labels = {{"mem-type", "DDR3"}},
       .want = true},
      {.name = "Pod with matchExpressions using Exists operator that matches the existing node",
       .pod = PodWithRequiredTerms({Term({Req("GPU", "Exists")})}),
       .labels = {{"GPU", "NVIDIA-GRID-K1"}},
       .want = true},
      {.name = "Pod with affinity that don't match node's labels won't schedule onto the node",
       .pod = PodWithRequiredTerms({Term({Req("foo", "In", {"value1", "value2"})})}),
       .labels = {{"foo", "bar"}},
       .want = false},
      {.name = "Pod with a nil []NodeSelectorTerm in affinity, can't match the node's labels and won't schedule "
               "onto the node",
       .pod = PodWithRequiredTerms({}),
       .labels = {{"foo", "bar"}},
       .want = false},
      {.name = "Pod with an empty []NodeSelectorTerm in affinity, can't match the node's labels and won't schedule "
               "onto the node",
       .pod = PodWithRequiredTerms({}),
       .labels = {{"foo", "bar"}},
       .want = false},
      {.name = "Pod with empty MatchExpressions is not a valid value will match no objects and won't schedule onto "
               "the node",
       .pod = PodWithRequiredTerms({Term({})}),
       .labels = {{"foo", "bar"}},
       .want = false},
      {.name = "Pod with no Affinity will schedule onto a node",
       .pod = MakePod().Name("pod").Obj(),
       .labels = {{"foo", "bar"}},
       .want = true},
      {.name = "Pod with Affinity but nil NodeSelector will schedule onto a node",
       .pod = nilRequired,
       .labels = {{"foo", "bar"}},
       .want = true},
      {.name = "Pod with multiple matchExpressions ANDed that matches the existing node",
       .pod = PodWithRequiredTerms({Term({Req("GPU", "Exists"), Req("GPU", "NotIn", {"AMD", "INTER"})})}),
       .labels = {{"GPU", "NVIDIA-GRID-K1"}},
       .want = true},
      {.name = "Pod with multiple matchExpressions ANDed that doesn't match the existing node",
       .pod = PodWithRequiredTerms({Term({Req("GPU", "Exists"), Req("GPU", "In", {"AMD", "INTER"})})}),
       .labels = {{"GPU", "NVIDIA-GRID-K1"}},
       .want = false},
      {.name = "Pod with multiple NodeSelectorTerms ORed in affinity, matches the node's labels and will schedule "
               "onto the node",
       .pod = PodWithRequiredTerms(
           {Term({Req("foo", "In", {"bar", "value2"})}), Term({Req("diffkey", "In", {"wrong", "value2"})})}),
       .labels = {{"foo", "bar"}},
       .want = true},
      {.name = "Pod with an Affinity and a PodSpec.NodeSelector(the old thing that we are deprecating) "
               "both are satisfied, will schedule onto the node",
       .pod = [] {
         v1::Pod p = PodWithRequiredTerms({Term({Req("foo", "Exists")})});
         p.spec.nodeSelector = {{"foo", "bar"}};
         return p;
       }(),
       .labels = {{"foo", "bar"}},
       .want = true},
      {.name = "Pod with an Affinity matches node's labels but the PodSpec.NodeSelector(the old thing that we are "
               "deprecating) is not satisfied, won't schedule onto the node",
       .pod = [] {
         v1::Pod p = PodWithRequiredTerms({Term({Req("foo", "Exists")})});
         p.spec.nodeSelector = {{"foo", "bar"}};
         return p;
       }(),
       .labels = {{"foo", "barrrrrr"}},
       .want = false},
      {.name = "Pod with an invalid value in Affinity term won't be scheduled onto the node",
       .pod = PodWithRequiredTerms({Term({Req("foo", "NotIn", {"invalid value: ___@#$%^"})})}),
       .labels = {{"foo", "bar"}},
       .want = false},
      {.name = "Pod with matchFields using In operator that matches the existing node",
       .pod = PodWithRequiredTerms({Term({}, {Req("metadata.name", "In", {"node_1"})})}),
       .nodeName = "node_1",
       .want = true},
      {.name = "Pod with matchFields using In operator that does not match the existing node",
       .pod = PodWithRequiredTerms({Term({}, {Req("metadata.name", "In", {"node_1"})})}),
       .nodeName = "node_2",
       .want = false},
      {.name = "Pod with two terms: matchFields does not match, but matchExpressions matches",
       .pod = PodWithRequiredTerms(
           {Term({}, {Req("metadata.name", "In", {"node_1"})}), Term({Req("foo", "In", {"bar"})})}),
       .labels = {{"foo", "bar"}},
       .nodeName = "node_2",
       .want = true},
      {.name = "Pod with one term: matchFields does not match, but matchExpressions matches",
       .pod = PodWithRequiredTerms({Term({Req("foo", "In", {"bar"})}, {Req("metadata.name", "In", {"node_1"})})}),
       .labels = {{"foo", "bar"}},
       .nodeName = "node_2",
       .want = false},
      {.name = "Pod with one term: both matchFields and matchExpressions match",
       .pod = PodWithRequiredTerms({Term({Req("foo", "In", {"bar"})}, {Req("metadata.name", "In", {"node_1"})})}),
       .labels = {{"foo", "bar"}},
       .nodeName = "node_1",
       .want = true},
      {.name = "Pod with two terms: both matchFields and matchExpressions do not match",
       .pod = PodWithRequiredTerms(
           {Term({}, {Req("metadata.name", "In", {"node_1"})}), Term({Req("foo", "In", {"not-match-to-bar"})})}),
       .labels = {{"foo", "bar"}},
       .nodeName = "node_2",
       .want = false},
  };
}

void RunRequiredAffinityCase(const RequiredAffinityCase& test) {
  StringPool pool;
  RequiredNodeAffinity r = GetRequiredNodeAffinity(test.pod, pool);
  LabelSet set = MakeLabelSet(test.labels, pool);
  EXPECT_EQ(r.Match(NodeView{set, pool.Intern(test.nodeName)}, pool), test.want);
}

TEST(NodeAffinityHelpersTest, TestPodMatchesNodeSelectorAndAffinityTerms) {
  for (const auto& test : RequiredAffinityCases()) {
    SCOPED_TRACE(test.name);
    RunRequiredAffinityCase(test);
  }
}

// ---------------------------------------------------------------------------
// Section 3: k8s.io/component-helpers/scheduling/corev1 helpers_test.go
// ---------------------------------------------------------------------------

TEST(NodeAffinityHelpersTest, TestMatchNodeSelectorTerms) {
  struct Case {
    std::string name;
    std::vector<v1::NodeSelectorTerm> nodeSelector;  // empty: a nil *v1.NodeSelector
    std::string nodeName;
    v1::LabelMap nodeLabels;
    bool want = false;
  };
  std::vector<Case> tests = {
      {.name = "nil terms", .want = false},
      {.name = "node label matches matchExpressions terms",
       .nodeSelector = {Term({Req("label_1", "In", {"label_1_val"})})},
       .nodeLabels = {{"label_1", "label_1_val"}},
       .want = true},
      {.name = "node field matches matchFields terms",
       .nodeSelector = {Term({}, {Req("metadata.name", "In", {"host_1"})})},
       .nodeName = "host_1",
       .want = true},
      {.name = "invalid node field requirement",
       .nodeSelector = {Term({}, {Req("metadata.name", "In", {"host_1", "host_2"})})},
       .nodeName = "host_1",
       .want = false},
      {.name = "fieldSelectorTerm with node labels",
       .nodeSelector = {Term({}, {Req("metadata.name", "In", {"host_1"})})},
       .nodeName = "not_host_1",
       .nodeLabels = {{"metadata.name", "host_1"}},
       .want = false},
      {.name = "labelSelectorTerm with node fields",
       .nodeSelector = {Term({Req("metadata.name", "In", {"host_1"})})},
       .nodeName = "host_1",
       .want = false},
      {.name = "labelSelectorTerm and fieldSelectorTerm was set, but only node fields",
       .nodeSelector = {Term({Req("label_1", "In", {"label_1_val"})}, {Req("metadata.name", "In", {"host_1"})})},
       .nodeName = "host_1",
       .want = false},
      {.name = "labelSelectorTerm and fieldSelectorTerm was set, both node fields and labels (both matched)",
       .nodeSelector = {Term({Req("label_1", "In", {"label_1_val"})}, {Req("metadata.name", "In", {"host_1"})})},
       .nodeName = "host_1",
       .nodeLabels = {{"label_1", "label_1_val"}},
       .want = true},
      {.name = "labelSelectorTerm and fieldSelectorTerm was set, both node fields and labels (one mismatched)",
       .nodeSelector = {Term({Req("label_1", "In", {"label_1_val"})}, {Req("metadata.name", "In", {"host_1"})})},
       .nodeName = "host_1",
       .nodeLabels = {{"label_1", "label_1_val-failed"}},
       .want = false},
      {.name = "multi-selector was set, both node fields and labels (one mismatched)",
       .nodeSelector = {Term({Req("label_1", "In", {"label_1_val"})}), Term({}, {Req("metadata.name", "In", {"host_1"})})},
       .nodeName = "host_1",
       .nodeLabels = {{"label_1", "label_1_val-failed"}},
       .want = true},
  };
  for (const auto& tt : tests) {
    SCOPED_TRACE(tt.name);
    EXPECT_EQ(NodeSelectorMatches(tt.nodeSelector, tt.nodeName, tt.nodeLabels), tt.want);
  }
}

}  // namespace
}  // namespace spreadlab
