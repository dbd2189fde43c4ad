import JSONKit
import Locking
import RPCKit
import SuggestEngine
import Synchronization

extension SuggestServer {
  /// Registers a search method: on arrival it supersedes the older unanswered queries of its field (answered at once
  /// with -32800 and `data: {"reason": "superseded", "by": id}`); then it waits its debounce delay and a free worker
  /// (``SearchWorkers``), runs unless superseded meanwhile, and delivers its result only while it is still the newest
  /// of its field.
  ///
  /// A query that `answerAtOnce` answers from what it reads (``knownAnswer(_:key:catalog:)``) is answered on the
  /// reader as it arrives, when it has no debounce and no earlier write is still running: no task, no worker. What
  /// its answer leads to (a ``FollowUp``) starts once it is written.
  func registerSearch<Request: SearchRequest>(
    _ type: Request.Type,
    in table: inout MethodTable,
    answerAtOnce: (@Sendable (Request, SearchInputs, QueryKey) -> (result: Request.Result, followUp: FollowUp?)?)? =
      nil,
    compute: @escaping @Sendable (Request, SearchInputs, QueryKey, inout SearchScratch) async throws -> Request.Result
  ) {
    registerQuery(
      type,
      in: &table,
      key: { request in QueryKey(method: Request.method, catalog: request.catalog, field: request.field) },
      debounce: { request in request.debounceMilliseconds },
      capture: { _ in () },
      read: { request, _ in self.inputs(of: request) },
      answerAtOnce: answerAtOnce.map { answer in
        { request, _, key in
          guard case .success(let inputs) = self.inputs(of: request), let answered = answer(request, inputs, key)
          else {
            return nil
          }
          guard let followUp = answered.followUp else { return ArrivalAnswer(result: answered.result, then: nil) }
          return ArrivalAnswer(result: answered.result) {
            self.followUps.start(followUp, key: key, catalog: inputs.catalog)
          }
        }
      },
      compute: { request, _, inputs, key, scratch in try await compute(request, try inputs.get(), key, &scratch) }
    )
  }

  /// Registers a superseding query method, the machinery of ``registerSearch(_:in:compute:)``: `key` names what
  /// it competes with, `capture` takes on the reader, in arrival order, what the query must read as it arrived
  /// (e.g. the word before the cursor, before a later change of the document), and `read` takes what it reads of the
  /// daemon's state in its turn among the writes (``RequestOrdering``), before it waits for its debounce and a worker.
  /// `compute` runs on the worker, with the worker's ``SearchScratch``.
  func registerQuery<Request: RPCRequest, Captured: Sendable, Read: Sendable>(
    _ type: Request.Type,
    in table: inout MethodTable,
    key makeKey: @escaping @Sendable (Request) -> QueryKey,
    debounce: @escaping @Sendable (Request) -> Int?,
    capture: @escaping @Sendable (Request) -> Captured,
    read: @escaping @Sendable (Request, Captured) async -> Read,
    answerAtOnce: (@Sendable (Request, Captured, QueryKey) -> ArrivalAnswer<Request.Result>?)? = nil,
    compute: @escaping @Sendable (Request, Captured, Read, QueryKey, inout SearchScratch) async throws -> Request.Result
  ) {
    table.register(
      type,
      onArrival: { request, context -> Arrival<(SearchTicket, Captured)> in
        let key = makeKey(request)
        let arrival = self.searchArrivals.add(1, ordering: .relaxed).newValue
        let token = QueryToken(id: context.id, arrival: arrival)
        let ticket = SearchTicket(ordering: self.ordering.arriveRead(), key: key, token: token)
        // An older query with this very id was answered already (the transport refuses a duplicate id in
        // flight): only its bookkeeping is left, and cancelling by id would cancel this newer request.
        let superseded = ResponseError.cancelled(
          "superseded by a newer query in the same field",
          data: ["reason": "superseded", "by": context.id.json]
        )
        for older in self.scheduler.arrive(token, key: key) where older.id != context.id {
          context.connection.cancel(older.id, error: superseded)
        }
        // A batched older query may have its result already, waiting to be written with its batch.
        self.batchedQueries.arrive(context, key: key)?.cancel(with: superseded)
        self.followUps.cancel(key)
        let captured = capture(request)
        // Answered now when nothing it must wait for is left (its debounce, an earlier write) and its answer is
        // ready: no task, no worker.
        if let answerAtOnce, !context.isBatchMember,
          (debounce(request) ?? self.settings.withLock { $0.debounceMilliseconds }) <= 0,
          ticket.ordering.runAtOnce({
            self.scheduler.answerAtOnce(
              token,
              key: key,
              answer: { answerAtOnce(request, captured, key) },
              deliver: { answered in
                context.respond(answered.result)
                // What the answer leads to starts once it is written.
                answered.then?()
              }
            )
          })
        {
          return .answered
        }
        return .pending((ticket, captured))
      },
      respondingHandler: { request, context, arrived in
        let (ticket, captured) = arrived
        let debounce = debounce(request) ?? self.settings.withLock { $0.debounceMilliseconds }
        do {
          // Its reads done in its turn among the writes, the query lets later writes go: they need not wait for it
          // to run.
          let read = try await ticket.ordering.run { await read(request, captured) }
          try await self.scheduler.run(
            ticket.token,
            key: ticket.key,
            debounce: .milliseconds(debounce),
            operation: {
              try await self.workers.run { scratch in
                try await compute(request, captured, read, ticket.key, &scratch)
              }
            },
            deliver: { result in context.respond(result) }
          )
        } catch let superseded as QuerySuperseded<QueryToken> {
          // Normally answered already when the newer query arrived; this keeps the answer right if it was not.
          throw ResponseError.cancelled(
            "superseded by a newer query in the same field",
            data: ["reason": "superseded", "by": superseded.newest?.id.json ?? .null]
          )
        }
      }
    )
  }

  /// The answer to `search` in field `key` of `catalog` that is known without searching, and what the pause after it
  /// is used for: the answer worked out ahead for this keystroke (``GuessedAnswers``), whose session the field then
  /// takes, or else the catalog's kept answer to a short query, whose matches the pause then scans.
  func knownAnswer(
    _ search: SearchQuery,
    key: QueryKey,
    catalog: Catalog
  ) -> (result: SearchResult, followUp: FollowUp)? {
    let typedIn = isTypedIn(key)
    let result: SearchResult
    let refines: Bool
    if let guessed = takeGuess(search, key: key, catalog: catalog) {
      (result, refines) = (guessed, false)
    } else if let kept = catalog.keptAnswer(search) {
      (result, refines) = (kept, true)
    } else {
      return nil
    }
    return (result, FollowUp(query: search, result: result, refines: refines, guesses: typedIn ? lookahead : 0))
  }

  /// Searches `search` in field `key` of `catalog` on a worker: from the answer worked out ahead for it, if any, or
  /// refining the field's session; then starts the field's follow-up (``RefinementFollowUps``).
  func search(
    _ search: SearchQuery,
    inField key: QueryKey,
    catalog: Catalog,
    scratch: inout SearchScratch
  ) async throws -> SearchResult {
    let typedIn = isTypedIn(key)
    let result: SearchResult
    if let guessed = takeGuess(search, key: key, catalog: catalog) {
      result = guessed
    } else {
      result = try await sessions.withSession(key) { session in
        try await catalog.search(search, session: &session, scratch: &scratch)
      }
    }
    if typedIn {
      let work = FollowUp(query: search, result: result, refines: false, guesses: lookahead)
      followUps.start(work, key: key, catalog: catalog, fromSearch: true)
    }
    return result
  }

  /// The result worked out ahead for `search` in field `key` (``GuessedAnswers``), if any: the field then takes the
  /// session the guess's search left, as if it had searched.
  private func takeGuess(_ search: SearchQuery, key: QueryKey, catalog: Catalog) -> SearchResult? {
    guard let guess = guessed.take(search, key: key, catalog: catalog) else { return nil }
    sessions.keep(guess.session, for: key)
    return guess.result
  }

  /// Whether field `key` is being typed in: it searched before (it keeps a session). Only then is its next keystroke
  /// searched ahead: a field's first query is often its last (a script's one-off fields, a burst of searches each in
  /// a field of its own), and searches left behind by a burst would hold on to memory it had just given back.
  private func isTypedIn(_ key: QueryKey) -> Bool { sessions.session(for: key) != nil }

  /// What `request` reads of the daemon's state now, or the error that answers it (an unknown catalog), thrown when
  /// the search runs: after its debounce, unless superseded meanwhile.
  private func inputs<Request: SearchRequest>(of request: Request) -> Result<SearchInputs, any Error> {
    let catalog: Catalog
    do {
      catalog = try self.catalog(named: request.catalog)
    } catch {
      return .failure(error)
    }
    let recents = Request.readsRecents ? self.recents.entries(catalog: request.catalog) : []
    let frecency = Request.readsRecents ? self.recents.frecencyTable(catalog: request.catalog) : .empty
    return .success(
      SearchInputs(
        catalog: catalog,
        recents: recents,
        frecency: frecency,
        positionEncoding: settings.withLock { $0.positionEncoding }
      )
    )
  }

  /// The catalog snapshot named `name`, or -32602 naming the catalogs that exist.
  func catalog(named name: String) throws -> Catalog {
    guard let catalog = catalogs.catalog(named: name) else {
      let known = catalogs.names.map { "\"\($0)\"" }.joined(separator: ", ")
      throw ResponseError.invalidParams("params.catalog: no catalog named \"\(name)\" is loaded (loaded: \(known))")
    }
    return catalog
  }
}
