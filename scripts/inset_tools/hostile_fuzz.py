"""scripts/hostile-serve's /fuzz/SEED/I/NAME answers: a playlist, master, manifest or segment
chosen and mutated from (SEED, I), the same for the same SEED and I."""
import itertools
import zlib

from .hostile_bodies import MEDIA_HEADER, bomb, chunks, endless_manifest, endless_master, endless_media


class FuzzAnswer:
    """One mutated response for the network fuzz target: what it is (playlist, master,
    manifest, segment), then how it goes wrong."""

    KINDS = ["media", "master", "manifest", "segment"]
    FAULTS = ["whole", "whole", "truncated", "endless", "gzip", "bomb", "wrong-type", "redirect", "redirect-loop",
              "status", "drip", "garbage-lines", "huge-line"]

    def __init__(self, handler, rng, seed, index, head):
        self.handler = handler
        self.rng = rng
        self.seed = seed
        self.index = index
        self.head = head

    def link(self, name):
        return f"/fuzz/{self.seed}/{self.index}/{name}"

    def relative(self, name):
        """A URI as a playlist names it: relative to the fuzz folder, or absolute, or odd."""
        choice = self.rng.random()
        if choice < 0.6:
            return name
        if choice < 0.8:
            return f"http://127.0.0.1:{self.handler.server.server_port}{self.link(name)}"
        return self.rng.choice(["file:///etc/passwd", "sftp://127.0.0.1:9/x.ts", "tcp://127.0.0.1:9?listen=1",
                                "../../../seg/0.ts", "data:video/mp2t;base64,AAAA", "/seg/1.ts", ""])

    def media_text(self, endless=False):
        lines = [MEDIA_HEADER.format(seq=self.rng.randrange(0, 1 << 31))]
        count = self.rng.randrange(0, 6)
        for i in range(count):
            if self.rng.random() < 0.2:
                lines.append(self.rng.choice(["#EXT-X-DISCONTINUITY\n", "#EXT-X-BYTERANGE:100@0\n",
                                              '#EXT-X-KEY:METHOD=AES-128,URI="key"\n', "#EXT-X-MAP:URI=\"init\"\n"]))
            lines.append(f"#EXTINF:{self.rng.choice(['2.0', '0', '-1', '1e308', 'nan'])},\n")
            lines.append(self.relative(f"seg{i}.ts") + "\n")
        if not endless and self.rng.random() < 0.7:
            lines.append("#EXT-X-ENDLIST\n")
        text = "".join(lines)
        if endless:
            return chunks(itertools.chain([text], itertools.repeat(f"#EXTINF:2.0,\n{self.relative('seg.ts')}\n")))
        return text

    def master_text(self):
        lines = ["#EXTM3U\n"]
        for i in range(self.rng.randrange(0, 5)):
            if self.rng.random() < 0.3:
                lines.append(f'#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="a",NAME="a{i}",URI="{self.relative(f"a{i}.m3u8")}"\n')
            lines.append(f"#EXT-X-STREAM-INF:BANDWIDTH={self.rng.randrange(1, 10**7)},RESOLUTION=320x180\n")
            lines.append(self.relative(self.rng.choice([f"v{i}.m3u8", "master.m3u8", "self.m3u8"])) + "\n")
        return "".join(lines)

    def manifest_text(self):
        reps = "".join(f'<Representation id="{i}" bandwidth="{self.rng.randrange(1, 10**7)}" width="320" height="180">'
                       f'<BaseURL>{self.relative(f"seg{i}.ts")}</BaseURL></Representation>'
                       for i in range(self.rng.randrange(0, 4)))
        return ('<?xml version="1.0"?><MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="'
                + self.rng.choice(["static", "dynamic"]) + '" mediaPresentationDuration="PT8S">'
                + f'<Period><AdaptationSet mimeType="video/mp2t">{reps}</AdaptationSet></Period></MPD>')

    def segment_bytes(self):
        segments = self.handler.server.segments
        with open(segments[self.rng.randrange(len(segments))], "rb") as handle:
            data = bytearray(handle.read())
        for _ in range(self.rng.randrange(0, 20)):
            if data:
                data[self.rng.randrange(len(data))] = self.rng.randrange(256)
        return bytes(data)

    def send(self):
        handler, rng = self.handler, self.rng
        kind = rng.choice(self.KINDS)
        fault = rng.choice(self.FAULTS)
        content_type = {"media": "application/vnd.apple.mpegurl", "master": "application/vnd.apple.mpegurl",
                        "manifest": "application/dash+xml", "segment": "video/mp2t"}[kind]
        if fault == "wrong-type":
            content_type = rng.choice(["text/html", "application/octet-stream", "image/png", "video/mp4"])
        if fault == "redirect" or fault == "redirect-loop":
            target = handler.path if fault == "redirect-loop" else self.link(f"r{rng.randrange(1000)}.m3u8")
            return handler.send_text(rng.choice([301, 302, 307, 308]), "text/plain", "", self.head,
                                     extra={"Location": target})
        if fault == "status":
            return handler.send_text(rng.choice([403, 404, 500, 503]), "text/plain", "no\n", self.head)
        if fault == "endless":
            pieces = {"media": lambda: self.media_text(endless=True), "master": lambda: chunks(endless_master()),
                      "manifest": lambda: chunks(endless_manifest()),
                      "segment": lambda: itertools.repeat(self.segment_bytes())}[kind]()
            return handler.stream(200, content_type, pieces, self.head)
        if fault == "bomb":
            source = {"media": lambda: endless_media(), "master": endless_master, "manifest": endless_manifest,
                      "segment": endless_media}[kind]()
            return handler.stream(200, content_type, bomb(source), self.head, gzip=True)
        body = {"media": lambda: self.media_text(), "master": self.master_text, "manifest": self.manifest_text,
                "segment": self.segment_bytes}[kind]()
        body = body.encode() if isinstance(body, str) else body
        if fault == "truncated":
            body = body[:rng.randrange(len(body) + 1)]
        elif fault == "garbage-lines":
            body += bytes(rng.randrange(256) for _ in range(rng.randrange(1, 2000)))
        elif fault == "huge-line":
            body += b"#EXT-X-" + b"A" * rng.randrange(1 << 16, 1 << 22) + b"\n"
        if fault == "gzip":
            compressor = zlib.compressobj(6, zlib.DEFLATED, 31)
            body = compressor.compress(body) + compressor.flush()
            return handler.send_text(200, content_type, body, self.head, extra={"Content-Encoding": "gzip"})
        if fault == "drip":
            return handler.stream(200, content_type, iter([body[i:i + 64] for i in range(0, len(body), 64)]),
                                  self.head, drip=0.02, length=len(body))
        return handler.send_text(200, content_type, body, self.head)
