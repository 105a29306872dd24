//===- CowMap.h - A std::map shared by copies until one changes -----------===//
//
// The interpreter copies a frame's variables at every branch whose lanes
// diverge and at every loop it generalizes, and most variables (a local
// array's known elements among them) are not touched on either path. A
// CowMap is a std::map whose copies share one tree until one of them is
// changed: a copy is a reference count, and the first change of a shared
// tree copies it (copy on write).
//
// The const members read the shared tree. Every non-const member that can
// give access to an element (begin, end, find, operator[], erase) first makes
// the tree this object's own, so iterators taken from a non-const CowMap
// always point into the tree the next change will modify.
//
//===----------------------------------------------------------------------===//
#ifndef CCL_ANALYZER_COWMAP_H
#define CCL_ANALYZER_COWMAP_H

#include <map>
#include <memory>

namespace ccl {

template <typename K, typename V> class CowMap {
public:
  using Map = std::map<K, V>;
  using iterator = typename Map::iterator;
  using const_iterator = typename Map::const_iterator;

  bool empty() const { return !M || M->empty(); }
  size_t size() const { return M ? M->size() : 0; }
  /// Both share one tree: the same contents.
  bool sharesWith(const CowMap &O) const { return M == O.M; }

  const_iterator begin() const { return get().begin(); }
  const_iterator end() const { return get().end(); }
  const_iterator find(const K &Key) const { return get().find(Key); }
  size_t count(const K &Key) const { return M ? M->count(Key) : 0; }

  iterator begin() { return own().begin(); }
  iterator end() { return own().end(); }
  iterator find(const K &Key) { return own().find(Key); }
  V &operator[](const K &Key) { return own()[Key]; }
  iterator erase(iterator It) { return own().erase(It); }
  void clear() { M.reset(); }

private:
  static const Map &emptyMap() {
    static const Map E;
    return E;
  }
  const Map &get() const { return M ? *M : emptyMap(); }
  Map &own() {
    if (!M)
      M = std::make_shared<Map>();
    else if (M.use_count() > 1)
      M = std::make_shared<Map>(*M);
    return *M;
  }
  std::shared_ptr<Map> M;
};

} // namespace ccl
#endif
