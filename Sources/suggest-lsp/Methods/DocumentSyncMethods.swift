import JSONKit
import Locking
import RPCKit
import SuggestEngine

extension SuggestServer {
  /// Registers `textDocument/didOpen`, `didChange`, `didClose` and `workspace/didChangeConfiguration`.
  ///
  /// Notifications run inline on the reader, in arrival order, so a change is applied before any later request is
  /// even read. A bad one leaves the document as it was and is reported (see ``reportNotificationFailure``).
  func registerDocumentSyncMethods(in table: inout MethodTable) {
    table.register(DidOpenTextDocumentNotification.self) { notification in
      self.documents.open(
        TextDocument(
          uri: notification.uri,
          languageId: notification.languageId,
          version: notification.version,
          text: notification.text
        )
      )
    }
    table.register(DidChangeTextDocumentNotification.self) { notification in
      let encoding = self.settings.withLock { $0.positionEncoding }
      do {
        try self.documents.update(notification.uri) { document throws(DocumentError) in
          try document.apply(notification.changes, version: notification.version, encoding: encoding)
        }
      } catch {
        throw ResponseError.invalidParams("\(notification.uri): \(error)")
      }
    }
    table.register(DidCloseTextDocumentNotification.self) { notification in
      do {
        try self.documents.close(notification.uri)
      } catch {
        throw ResponseError.invalidParams("\(error)")
      }
    }
    table.register(DidChangeConfigurationNotification.self) { notification in
      guard let completion = notification.completion else { return }
      self.settings.withLock { $0.completion = completion }
      self.catalogFiles.reset()
    }
    table.onNotificationFailure { method, error, connection in
      self.reportNotificationFailure(method, error, connection: connection)
    }
  }

  /// A notification is never answered: a bad one is reported on stderr and, to an editor that initialized, as a
  /// `window/logMessage` error.
  func reportNotificationFailure(_ method: String, _ error: any Error, connection: Connection) {
    let message = "\(method): \((error as? ResponseError)?.message ?? "\(error)")"
    Log.error(message)
    guard settings.withLock({ $0.hasInitialized }) else { return }
    connection.notify("window/logMessage", params: ["type": 1, "message": .string(message)] as JSONValue)
  }
}
