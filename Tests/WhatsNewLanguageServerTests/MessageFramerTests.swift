import XCTest
@testable import WhatsNewLanguageServer

final class MessageFramerTests: XCTestCase {
    private func frame(_ body: String) -> [UInt8] {
        Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8)
    }

    func testCutsTwoMessagesThatArriveTogether() {
        var framer = MessageFramer()
        framer.append(frame("{\"a\":1}") + frame("[]"))
        XCTAssertEqual(framer.next(), .message(Array("{\"a\":1}".utf8)))
        XCTAssertEqual(framer.next(), .message(Array("[]".utf8)))
        XCTAssertNil(framer.next())
    }

    func testWaitsForAMessageThatArrivesByteByByte() {
        var framer = MessageFramer()
        let bytes = frame("{\"é\":\"ü\"}")
        for byte in bytes.dropLast() {
            framer.append([byte])
            XCTAssertNil(framer.next())
        }
        framer.append([bytes[bytes.count - 1]])
        XCTAssertEqual(framer.next(), .message(Array("{\"é\":\"ü\"}".utf8)))
    }

    func testReadsOtherHeadersAndAnyCaseOfTheName() {
        var framer = MessageFramer()
        framer.append(Array("content-length: 2\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{}".utf8))
        XCTAssertEqual(framer.next(), .message(Array("{}".utf8)))
    }

    func testRejectsAHeaderWithoutALengthAndReadsTheNextMessage() {
        var framer = MessageFramer()
        framer.append(Array("Content-Type: x\r\n\r\n".utf8) + frame("{}"))
        guard case .rejected(let reason)? = framer.next() else { return XCTFail("expected a rejected frame") }
        XCTAssertTrue(reason.contains("expected a 'Content-Length: N' header"), reason)
        XCTAssertEqual(framer.next(), .message(Array("{}".utf8)))
    }

    func testRejectsLengthsThatAreNotPlainDigits() {
        for value in ["-5", "1e3", "0x10", "", "99999999999999999999", "5 5"] {
            XCTAssertNil(MessageFramer.contentLength(in: "Content-Length: \(value)"), value)
        }
        XCTAssertNil(MessageFramer.contentLength(in: "Content-Length: 2\r\nContent-Length: 2"), "a second length")
        XCTAssertEqual(MessageFramer.contentLength(in: "Content-Length:  42 "), 42)
    }

    /// A body over the limit is skipped as it arrives, never held: the framer's buffer stays small and the
    /// next message is read.
    func testSkipsABodyOverTheLimitWithoutHoldingIt() {
        var framer = MessageFramer(maxContentLength: 1000)
        framer.append(Array("Content-Length: 5000\r\n\r\n".utf8) + [UInt8](repeating: 0x41, count: 100))
        guard case .rejected(let reason)? = framer.next() else { return XCTFail("expected a rejected frame") }
        XCTAssertTrue(reason.contains("5000 bytes is over the limit of 1000"), reason)
        for _ in 0..<49 {
            framer.append([UInt8](repeating: 0x41, count: 100))
            XCTAssertNil(framer.next())
        }
        framer.append(frame("{}"))
        XCTAssertEqual(framer.next(), .message(Array("{}".utf8)))
    }

    func testRejectsAnEndlessHeader() {
        var framer = MessageFramer()
        framer.append([UInt8](repeating: 0x41, count: MessageFramer.maxHeaderBytes + 10))
        guard case .rejected(let reason)? = framer.next() else { return XCTFail("expected a rejected frame") }
        XCTAssertTrue(reason.contains("at most \(MessageFramer.maxHeaderBytes) bytes"), reason)
        framer.append(frame("{}"))
        XCTAssertEqual(framer.next(), .message(Array("{}".utf8)))
    }

    func testPrintableEscapesControlCharactersAndCuts() {
        XCTAssertEqual(MessageFramer.printable("a\u{1B}[31mb"), "a\\u{1B}[31mb")
        XCTAssertEqual(MessageFramer.printable(String(repeating: "x", count: 100)), String(repeating: "x", count: 80) + "…")
    }
}
