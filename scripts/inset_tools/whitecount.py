"""Whether the screen is white, counted where pictures may still be decoding: shared by
cellscreen (the cells) and ptypictures (the pictures over them), so neither imports the other's
reader to name it."""


class WhiteCount:
    """White cells at a moment: the cells' own count, corrected where pictures cover them
    (`parts`: per picture, whether it is white, possibly still being decoded, the cells it
    covers and how many of those the cells alone count white)."""

    def __init__(self, cells_white, parts):
        self.cells_white, self.parts = cells_white, parts

    def value(self):
        total = self.cells_white
        for white, covered, under in self.parts:
            is_white = white.result() if hasattr(white, "result") else white
            total += (covered if is_white else 0) - under
        return total
