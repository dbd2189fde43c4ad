extension CatalogSegment {
  /// The title of `slot`, as shown: from ``displayText`` when the segment's columns are mapped.
  func displayTitle(_ slot: Int) -> String {
    guard let displayText else { return titles.string(slot) }
    return text(slot, in: displayText).title
  }

  /// The item of `slot`, as shown: ``item(_:tokenIDs:)`` with the text from ``displayText`` when the segment's
  /// columns are mapped. For the few items a result shows; ``item(_:tokenIDs:)`` reads many items faster.
  func displayItem(_ slot: Int, tokenIDs: [String]) -> CatalogItem {
    guard let displayText else { return item(slot, tokenIDs: tokenIDs) }
    let text = text(slot, in: displayText)
    return CatalogItem(
      id: text.id,
      title: text.title,
      completion: text.completion,
      subtitle: text.subtitle,
      keywords: text.keywords,
      tokens: tokens(of: slot, tokenIDs: tokenIDs),
      icon: text.icon,
      weight: text.weight
    )
  }

  /// The text of `slot`, kept in `cache` or read from the mapped file without making its pages resident.
  private func text(_ slot: Int, in cache: DisplayTextCache) -> DisplayTextCache.Entry {
    cache.entry(slot) {
      let title = titles.copiedString(slot)
      var keywordList: [String] = []
      if !keywordOffsets.isEmpty {
        keywordList = keywordOffsets.copiedBounds(slot).map { keywords.copiedString($0) }
      }
      return DisplayTextCache.Entry(
        title: title,
        id: idIsTitle.contains(slot) ? title : ids.copiedString(slot),
        completion: completions.copiedValue(slot),
        subtitle: subtitles.copiedString(slot),
        keywords: keywordList,
        icon: icons.copiedValue(slot),
        weight: preciseWeights?.copiedElement(at: slot) ?? Double(weights.copiedElement(at: slot))
      )
    }
  }
}
