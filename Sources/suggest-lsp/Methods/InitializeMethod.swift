import JSONKit
import Locking
import RPCKit
import SuggestEngine

extension SuggestServer {
  /// Registers `initialize`.
  func registerInitializeMethod(in table: inout MethodTable) {
    // The settings take effect on arrival, so that whatever is read after `initialize` (a document change, a
    // completion) uses them even when a pipe does not wait for the answer.
    table.register(
      InitializeRequest.self,
      onArrival: { request, _ in
        let encoding = Self.negotiate(offered: request.offeredEncodings, fallback: request.options.positionEncoding)
        let settings = self.settings.withLock { settings in
          settings.positionEncoding = encoding ?? settings.positionEncoding
          if let debounce = request.options.debounceMilliseconds { settings.debounceMilliseconds = debounce }
          if let maxRecents = request.options.maxRecents { settings.maxRecents = maxRecents }
          if let completion = request.options.completion { settings.completion = completion }
          settings.client = request.client
          settings.hasInitialized = true
          return settings
        }
        return (self.ordering.arriveWrite(), settings)
      }
    ) { request, _, arrived in
      let (ticket, settings) = arrived
      // The answer is made inside the ticket, so that it names the catalogs as of `initialize`, not as changed by a
      // later request that the ticket lets go.
      return try await ticket.run {
        if request.options.maxRecents != nil {
          do {
            try await self.recents.setMaxCount(settings.maxRecents)
          } catch {
            throw ResponseError.internalError("recents could not be saved: \(error)")
          }
        }
        return InitializeResult(
          positionEncoding: settings.positionEncoding,
          debounceMilliseconds: settings.debounceMilliseconds,
          maxRecents: settings.maxRecents,
          catalogs: self.catalogNames,
          methods: self.methodNames
        )
      }
    }
  }

  /// Picks the first encoding the client offered that the daemon supports; with none offered, the client's
  /// `initializationOptions.positionEncoding`; with neither, `nil` (keep the current one).
  static func negotiate(offered: [String]?, fallback: PositionEncoding?) -> PositionEncoding? {
    if let offered {
      return offered.lazy.compactMap(PositionEncoding.init(rawValue:)).first ?? .utf16
    }
    return fallback
  }
}
