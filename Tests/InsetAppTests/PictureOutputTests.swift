import Foundation
import InsetCore
import InsetRender
import Testing
@testable import InsetApp
@testable import InsetPlayback

/// Issue 44, item 5: the picture output as a protocol (`PictureOutput`), kitty, sixel and
/// iTerm2 its three implementations, asked by the presenter and the app instead of a kind.
@Suite("Picture output as a protocol")
struct PictureOutputTests {
    /// What each output answers, as the kind's branches did before.
    struct Answers: Equatable {
        var placeholders, leavesPixels, replayable, scales, changes, cutShort: Bool
        var rungs: Int
        var lastRung: String
    }

    static func answers(_ output: some PictureOutput) -> Answers {
        Answers(placeholders: output.usesPlaceholders, leavesPixels: output.leavesPixels, replayable: output.bytesReplayable,
                scales: output.scalesToCells, changes: output.sendsChanges, cutShort: output.canBeCutShort,
                rungs: output.qualityRungs, lastRung: output.qualityName(rung: output.qualityRungs - 1))
    }

    @Test("each output answers as its kind did: placeholders, pixels left, bytes replayable, scaling, changes only, cut short, quality rungs")
    func answersAsTheKindDid() {
        #expect(Self.answers(KittyPictures.kitty(.direct, passthrough: false))
                == Answers(placeholders: false, leavesPixels: false, replayable: true, scales: true, changes: false, cutShort: true,
                           rungs: 1, lastRung: "whole"))
        #expect(Self.answers(KittyPictures.kitty(.sharedMemory, passthrough: false)).replayable == false)
        #expect(Self.answers(KittyPictures.kittyPlaceholders(passthrough: true))
                == Answers(placeholders: true, leavesPixels: false, replayable: true, scales: true, changes: false, cutShort: false,
                           rungs: 1, lastRung: "whole"))
        #expect(Self.answers(SixelPictures())
                == Answers(placeholders: false, leavesPixels: true, replayable: true, scales: false, changes: true, cutShort: true,
                           rungs: 4, lastRung: "32 colours"))
        #expect(Self.answers(ITermPictures(passthrough: false))
                == Answers(placeholders: false, leavesPixels: true, replayable: true, scales: true, changes: false, cutShort: false,
                           rungs: 5, lastRung: "q 20"))
        #expect(ITermPictures(passthrough: true).followsTmuxPane && !ITermPictures(passthrough: false).followsTmuxPane)
        let konsole = TerminalCapabilities(environment: ["KONSOLE_VERSION": "221203"])
        #expect(ITermPictures(passthrough: false).keepsPixelsUnderText(konsole) && !SixelPictures().keepsPixelsUnderText(konsole))
    }

    @Test("deleting: kitty's images by id (through tmux wrapped), nothing for pixels on the screen")
    func deletes() {
        let kitty = OutputBuffer(capacity: 64), wrapped = OutputBuffer(capacity: 64), sixel = OutputBuffer(capacity: 64)
        KittyPictures.kitty(.direct, passthrough: false).delete(imageIDs: [7, 8], into: kitty)
        KittyPictures.kittyPlaceholders(passthrough: true).delete(imageIDs: [7], into: wrapped)
        SixelPictures().delete(imageIDs: [7], into: sixel)
        ITermPictures(passthrough: false).delete(imageIDs: [7], into: sixel)
        let deleted = String(decoding: kitty.array, as: UTF8.self)
        #expect(deleted.contains("a=d,d=I,i=7,") && deleted.contains("a=d,d=I,i=8,"), "\(deleted.debugDescription)")
        #expect(String(decoding: wrapped.array, as: UTF8.self).hasPrefix("\u{1B}Ptmux;"))
        #expect(sixel.isEmpty)
    }

    @Test("cut short: a sixel image anywhere, a kitty transmission after its chunk, each ended its own way")
    func cutPoints() {
        let bytes = Array("\u{1B}_Gm=1;AAAA\u{1B}\\\u{1B}_Gm=0;BB\u{1B}\\".utf8)
        bytes.withUnsafeBytes { raw in
            #expect(SixelPictures().cutPoint(in: raw, from: 3) == 3)
            #expect(KittyPictures.kitty(.direct, passthrough: false).cutPoint(in: raw, from: 3) == 13)
        }
        #expect(SixelPictures().abandon == Array("\u{1B}\\\u{1B}[?2026l".utf8))
        #expect(KittyPictures.kitty(.direct, passthrough: false).abandon == Array("\u{1B}_Gq=2,m=0;\u{1B}\\\u{1B}[?2026l".utf8))
    }

    /// A fourth way of sending pictures, for this test only: the presenter takes it as it
    /// takes the three, knowing nothing of it but the protocol.
    struct MarkedPictures: PictureOutput {
        var leavesPixels: Bool { false }
        var bytesReplayable: Bool { true }
        var scalesToCells: Bool { true }
        var sendsChanges: Bool { false }
        var canBeCutShort: Bool { false }
        var abandon: [UInt8] { [] }
        var qualityRungs: Int { 1 }
        func qualityName(rung: Int) -> String { "marked" }
        func delete(imageIDs: [UInt32], into buffer: OutputBuffer) {
            for id in imageIDs { buffer.append("<gone \(id)>") }
        }
        func makeEncoder(quality: Int) -> any PictureEncoder { Encoder() }

        final class Encoder: PictureEncoder {
            func encodes(quality: Int) -> Bool { true }
            func encode(_ job: PicturePresenter.Job, onScreen: Int, paneOrigin: CellPoint?, into buffer: OutputBuffer) throws -> Bool {
                buffer.append("<picture \(job.imageID) \(job.image.width)x\(job.image.height) at \(job.cells.minColumn),\(job.cells.minRow)>")
                return true
            }
        }
    }

    @Test("a fourth output is one new type: the presenter encodes, writes and deletes its pictures through the protocol")
    func fourthOutput() {
        let presenter = PicturePresenter(output: MarkedPictures(), waker: LoopWaker())
        defer { presenter.stop() }
        let image = PicturePresenterTests.image(PixelSize(width: 16, height: 8), shade: 100)
        #expect(PicturePresenterTests.now(presenter, PicturePresenterTests.picture(image, time: 1)).isEmpty)
        let text = String(decoding: PicturePresenterTests.written(presenter), as: UTF8.self)
        #expect(text.contains("<picture \(PicturePresenter.imageID) 16x8 at 2,1>"), "\(text.debugDescription)")
        #expect(presenter.summary.hasSuffix("quality marked"))
        var gone = ""
        presenter.show([], redrawn: false) { gone += String(decoding: $0, as: UTF8.self) }
        #expect(gone == "<gone \(PicturePresenter.imageID)>")
    }
}
