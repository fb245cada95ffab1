class MgcFaces:
    def front(self, pen, card, frame): pass
    def back(self, pen, frame): pass
