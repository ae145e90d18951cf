"""How the line REPL marks a film's story (``common.story``): by each event's kind, since a
film's sentences hold the players' own words; and, for sentences that come without a kind (an
older host's), by the narration's words in every language. Read through ``horror.render``."""

# the story's marks and the lines that open a meeting turn, a scene or an act (common.story),
# in every language's narration (horror/locale): English, Italian, Russian
MARKS = ((r"\b(is caught and killed|knocked out|loses \d+|closes the subplot|"
          r"e muore|fuori combattimento|perde \d+|chiude la sottotrama|"
          r"хватает и убивает|и погибает|без сознания|теряет \d+|закрывает побочную линию)\b", "\u2212"),
         (r"\b(creates|writes|puts|gives|raises|plays|stakes|claims|bids|receive|"
          r"crea|scrive|mette|d\u00e0|porta|alza|gioca|punta|rivendica|offre|ricevi|"
          r"создаёт|пишет|кладёт|даёт|поднимает|разыгрывает|ставит|претендует|получаете)\b", "+"),
         (r"\b(trade|chase runs on|makes .+ adjacent|scambiano|inseguimento prosegue|rende adiacenti|"
          r"меняются|меняют|погоня перемещается|делает соседними)\b", "\u2192"))
# what each event did to the table, by its kind (common.story marks a sentence by its event,
# never by its words: a name, a line or narration may say 'plays' or 'dies'); kinds not
# listed are marked '·'. MARKS and HEADER stay for sentences without a kind (an old host's).
KIND_MARKS = {**dict.fromkeys(("create", "write", "raise", "armour", "prop", "play", "trope",
                               "subplot", "stake", "bid", "claim", "chair", "got", "pool"), "+"),
              **dict.fromkeys(("death", "saved", "drop"), "\u2212"),
              **dict.fromkeys(("trade", "move", "near"), "\u2192")}
HEADER_KINDS = ("meeting", "meeting_turn", "act", "deal", "auction", "cut", "climax")
HEADER = (r"^\s*(\u2014.*|Script meeting \d+.*|\S+'s turn at the meeting\.|Cut! Scene .*|"
          r"The cards are shuffled and dealt.*|The director's chair for .*|"
          r"Riunione di sceneggiatura \d+.*|Tocca a \S+ alla riunione\.|Stop! Fine della scena .*|"
          r"Le carte vengono mescolate.*|All.asta la sedia del regista.*|"
          r"Сценарное собрание \d+.*|Ход на собрании: \S+\.|Стоп, снято!.*|"
          r"Карты перетасованы.*|Аукцион за режиссёрское кресло.*)$")
